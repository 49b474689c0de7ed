import { useParams } from 'react-router';
import { TrackingScreen } from '@/features/transfers';

/**
 * Route module of the public tracking page `/track/{token}` (docs/product/money-movement.md#tracking):
 * outside the signed-in layout, so it works with no account and for a signed-in customer alike.
 */
export function Component() {
  const { token = '' } = useParams();
  return <TrackingScreen token={token} />;
}
