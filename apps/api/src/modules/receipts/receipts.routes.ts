import { receiptFileName, RECEIPT_MEDIA_TYPE, TransactionParams, transactionsEndpoints as t } from '@remit/contract';
import type { FastifyInstance } from 'fastify';

/** The transfer receipt as a PDF download (docs/product/money-movement.md#receipt); owner only. */
export default async function receiptsRoutes(app: FastifyInstance) {
  const { receipts } = app.services;
  app.get(
    t.transactionReceipt.path,
    {
      schema: { params: TransactionParams, tags: ['transactions'], summary: t.transactionReceipt.summary },
      preHandler: app.requireSession,
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const pdf = await receipts.receipt(req.auth!, id);
      return reply
        .header('content-type', RECEIPT_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${receiptFileName(id)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
