/**
 * Texts of rate alerts (docs/product/rate-alerts.md): the calculator's "Tell me when" action and the
 * rate alerts screen, under the `rateAlerts` key (English, complete).
 */
const rateAlerts = {
  heading: 'Rate alerts',
  intro:
    'We check our rate every time it is updated and tell you, in the app and by email, once it reaches your target.',
  loading: 'Loading your rate alerts',
  loadError: 'We couldn’t load your rate alerts. Check your connection and try again.',
  empty: 'You have no rate alerts. Set one from the calculator on your dashboard.',
  toDashboard: 'Go to the calculator',
  listLabel: 'Your rate alerts',
  limitNote: 'You can have up to {{max}} alerts.',
  corridor: '{{source}} to {{target}}, {{country}}',
  when: 'Tell me when 1 {{source}} gets {{rate}} {{target}}',
  status: {
    active: 'Watching',
    paused: 'Paused',
    triggered: 'Reached',
  },
  reachedOn: 'Reached on {{date}}',
  createdOn: 'Set on {{date}}',
  pause: 'Pause',
  resume: 'Resume',
  rearm: 'Watch again',
  delete: 'Delete',
  getQuote: 'Get a quote',
  actionLabel: '{{action}}: alert for 1 {{source}} at {{rate}} {{target}}',
  paused: 'Alert paused.',
  resumed: 'We’re watching the rate again.',
  deleted: 'Alert deleted.',
  actionError: 'We couldn’t change this alert. Please try again.',
  form: {
    open: 'Tell me when the rate goes up',
    legend: 'Rate alert for {{source}} to {{target}}',
    before: 'Tell me when 1 {{source}} gets',
    after: '{{target}}',
    targetLabel: 'Target rate in {{target}} for 1 {{source}}',
    now: 'Our rate now: 1 {{source}} = {{rate}} {{target}}',
    submit: 'Set alert',
    cancel: 'Cancel',
    invalid: 'Enter a rate above zero, such as {{example}}.',
    limitReached: 'You can have at most {{max}} rate alerts. Delete one to add another.',
    error: 'We couldn’t set your alert. Please try again.',
    done: 'Done. We’ll tell you when 1 {{source}} gets {{rate}} {{target}}.',
    seeAll: 'See your rate alerts',
  },
} as const;

export default rateAlerts;
