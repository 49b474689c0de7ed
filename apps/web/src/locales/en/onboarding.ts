/**
 * Texts of the onboarding workflow and the dashboard's task list, under the `onboarding` key
 * (English, complete).
 */
const onboarding = {
  intro: 'A few details and you’re ready to send money. You can leave and come back at any time.',
  loadingProfile: 'Loading your profile',
  profileError: 'We couldn’t load your profile. Check your connection and try again.',
  saveError: 'We couldn’t save your details. Please try again.',
  required: 'Required',
  stepper: {
    label: 'Signup steps',
    stepOf: 'Step {{current}} of {{total}}',
    completed: '(completed)',
    current: '(current step)',
    pending: '(not done yet)',
  },
  steps: {
    verifyEmail: 'Verify email',
    country: 'Country',
    identity: 'Identity',
    address: 'Address',
    employment: 'Employment',
    mobile: 'Mobile number',
    done: 'Done',
  },
  actions: {
    back: 'Back',
    continue: 'Continue',
    saveAndContinue: 'Save and continue',
  },
  verifyEmail: {
    heading: 'Verify your email address',
    intro: 'We sent a 6-digit code to {{email}}. Enter it below.',
    codeLabel: 'Verification code',
    codeHint: 'The code is valid for 10 minutes. Check your spam folder if you can’t find it.',
    codeRequired: 'Enter the 6-digit code.',
    submit: 'Verify email',
    verified: 'Your email address {{email}} is verified.',
    resendError: 'We couldn’t send a new code. Please try again later.',
  },
  country: {
    heading: 'Where do you live?',
    intro: 'Your country of residence decides which details we ask for.',
    search: 'Search countries',
    searchHint: 'Search by name, in English or in the local language.',
    legend: 'Country of residence',
    results: 'Countries found: {{count}}',
    noResults: 'No country matches “{{query}}”.',
    loading: 'Loading countries',
    error: 'We couldn’t load the list of countries.',
    chooseOne: 'Choose your country of residence.',
    callingCode: 'calling code {{code}}',
  },
  attributes: {
    headings: {
      identity: 'Tell us about yourself',
      address: 'Your home address',
      employment: 'Your employment',
    },
    intros: {
      identity: 'Enter your details exactly as they appear on your ID document.',
      address: 'Enter the address where you live now.',
      employment: 'We are required by law to ask about your occupation.',
    },
    requiredNote: 'Fields marked with an asterisk (*) are required.',
    empty: 'There is nothing to fill in here for your country.',
    needCountry: 'Choose your country first: the details we ask for depend on it.',
    goToCountry: 'Choose country',
    fieldRequired: 'This field is required.',
    fieldInvalid: 'Enter a valid value.',
    selectPlaceholder: 'Select…',
  },
  mobile: {
    heading: 'Your mobile number',
    intro: 'We use it to keep your account safe and to tell you about your transfers.',
    countryCode: 'Country code',
    countryCodeRequired: 'Choose a country code.',
    number: 'Mobile number',
    numberHint: 'Without the country code, e.g. 7700 900123.',
    numberRequired: 'Enter your mobile number.',
    numberInvalid: 'Enter a valid mobile number, digits only.',
    passwordIntro: 'For your security, enter your password to change your mobile number.',
    password: 'Your password',
    showPassword: 'Show password',
    passwordRequired: 'Enter your password.',
  },
  options: {
    employment_status: {
      employed: 'Employed',
      self_employed: 'Self-employed',
      unemployed: 'Unemployed',
      student: 'Student',
      retired: 'Retired',
    },
    annual_income: {
      under_10k: 'Under 10,000',
      '10k_30k': '10,000 to 30,000',
      '30k_60k': '30,000 to 60,000',
      '60k_100k': '60,000 to 100,000',
      over_100k: 'Over 100,000',
    },
  },
  done: {
    heading: 'Your profile is complete',
    body: 'One last thing: verify your account by uploading a proof of identity. It only takes a few minutes.',
    verifyAccount: 'Verify my account',
    dashboard: 'Go to dashboard',
  },
  dashboard: {
    greeting: 'Hello, {{name}}',
    intro: 'Here is what’s left to do before you can send money.',
    tasksHeading: 'Your to-do list',
    loadingTasks: 'Loading your tasks',
    tasksError: 'We couldn’t load your tasks.',
    todo: 'To do',
    completed: 'Completed',
    allSet: 'You’re all set',
    allSetBody: 'Your account is ready.',
    sendMoney: 'Send money',
    sendMoneySoon: 'Sending money is coming soon.',
  },
  /**
   * The task list (GET /client/v1/tasks) by task `code`: the English texts are those the api sends
   * as `title` and `description` (docs/product/onboarding.md#tasks); the app shows these instead, in
   * the customer's language.
   */
  tasks: {
    verify_email: { title: 'Verify your email', description: 'Enter the code we emailed you.' },
    choose_country: { title: 'Choose your country', description: 'Tell us the country you live in.' },
    identity_information: {
      title: 'Identity information',
      description: 'Your name, date of birth, nationality and ID number.',
    },
    address_information: { title: 'Address information', description: 'Where you live.' },
    employment_information: {
      title: 'Employment information',
      description: 'Your employment status, occupation and income.',
    },
    mobile_number: { title: 'Mobile number', description: 'Add a mobile number we can reach you on.' },
    account_verification: {
      title: 'Verify your account',
      description: 'Upload a proof of identity document and have it approved.',
    },
  },
} as const;

export default onboarding;
