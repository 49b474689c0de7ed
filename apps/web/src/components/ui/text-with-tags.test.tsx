import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextWithTags } from './text-with-tags';

describe('TextWithTags', () => {
  it('turns each tagged part into its element, with the text around it kept', () => {
    const { container } = render(
      <TextWithTags
        text="I agree to <privacyLink>privacy policy</privacyLink> & <termsLink>terms of service</termsLink>"
        tags={{ privacyLink: <a href="/privacy" />, termsLink: <a href="/terms" /> }}
      />,
    );
    expect(container.innerHTML).toBe(
      'I agree to <a href="/privacy">privacy policy</a> &amp; <a href="/terms">terms of service</a>',
    );
  });

  it('keeps only the text of a tag without an element, and plain text as is', () => {
    expect(render(<TextWithTags text="a <b>bold</b> c" tags={{}} />).container.textContent).toBe('a bold c');
    expect(render(<TextWithTags text="plain" tags={{}} />).container.textContent).toBe('plain');
  });
});
