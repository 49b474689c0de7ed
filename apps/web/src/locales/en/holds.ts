/**
 * Texts of holds solved in the app (docs/product/holds.md), under the `holds` key (English,
 * complete): the transaction page's panel, the list's badge and the hold's timeline entries.
 */
const holds = {
  heading: 'We need something from you',
  intro: 'Your payment arrived. Before we send the money, we need the following.',
  reasons: {
    source_of_funds:
      'This is a large transfer: tell us where the money comes from and upload a document that shows it, such as a payslip, a bank statement or a sale contract.',
    purpose_unclear:
      'The destination requires a clear purpose for this transfer: tell us in a few words what the money is for.',
    name_mismatch:
      'The recipient’s bank reports a different name on this account: enter the account holder’s name exactly as the bank shows it.',
  },
  deadline: 'Answer by {{date}}. If we don’t hear from you by then, we cancel the transfer and refund you in full.',
  fields: {
    source_of_funds: 'Where does the money come from?',
    purpose_details: 'What is the money for?',
    account_holder_name: 'Account holder’s name, as the bank shows it',
  },
  choose: 'Choose…',
  sources: {
    salary: 'Salary',
    savings: 'Savings',
    sale_of_property: 'Sale of a property',
    inheritance: 'Inheritance',
    gift: 'Gift',
    business_income: 'Business income',
    investments: 'Investments',
    other: 'Other',
  },
  document: {
    label: 'A document that shows it',
    hint: 'JPEG, PNG, HEIC or PDF, up to 10 MB.',
    uploading: 'Uploading the document…',
  },
  required: {
    answer: 'Answer this question.',
    document: 'Choose a document to upload.',
  },
  submit: 'Send my answer',
  sending: 'Sending…',
  sent: 'Thank you: we have what we needed. Your money is on its way.',
  error: 'We couldn’t send your answer. Try again.',
  uploadError: 'We couldn’t upload this document. Try again or choose another file.',
  actionNeeded: 'Action needed',
  next: 'Once you answer, we send your money.',
  timeline: {
    hold_placed:
      'We need something from you before we send this transfer. Answer by {{date}}, or it is cancelled and refunded.',
    hold_placed_plain: 'We need something from you before we send this transfer.',
    hold_cleared: 'Thank you: we have what we needed. Your money is on its way.',
    hold_expired: 'We did not receive what we needed in time: we cancelled this transfer and are refunding it in full.',
  },
};

export default holds;
