import type { Texts } from './tr.ts'

/** Every word the app says outside the page, in English: exactly the keys of tr.ts. */
export const en = {
  shell: {
    appName: 'POS Companion',
    open: 'Open',
    pause: 'Pause',
    resume: 'Resume',
    quit: 'Quit',
    paused: 'Sending paused',
    owed: (count: number) => `${count} hand-over${count === 1 ? '' : 's'} waiting`,
    allSent: 'No hand-overs waiting',
    accountSignedOut: 'not signed in, its orders wait',
    attentionTitle: (count: number) => `${count} order${count === 1 ? ' needs' : 's need'} your attention`,

    hiddenToTrayTitle: 'POS Companion keeps running',
    hiddenToTrayBody: (owed: number) =>
      `${owed} hand-over${owed === 1 ? ' has' : 's have'} not reached the platform yet. Open the app from its icon; sending goes on.`,

    quitTitle: 'Quit?',
    quitMessage: (owed: number) =>
      `${owed} hand-over${owed === 1 ? ' has' : 's have'} not reached the platform yet.`,
    quitDetail:
      'They are saved and will not be lost, but they are not sent until the app is opened again. If a courier is waiting, keep the app open.',
    quitStay: 'Keep it open',
    quitAnyway: 'Quit anyway',
  },
  startup: {
    // Follows the Turkish title after a slash in the dialog's one title.
    title: 'could not start',
    failed: (step, reason) => `POS Companion could not start: ${step} (${reason}).`,
    logFolder: (folder) => `Details are in the log folder: ${folder}`,
    whatToDo: 'Open the app again; if it keeps happening, send this folder to support.',
    stage: {
      'data-folder': 'the data folder could not be opened',
      'secret-storage': 'the key store could not be opened',
      core: 'the settings or the hand-over journal could not be read',
      window: 'the window could not be opened',
    },
    cause: {
      ACCOUNTS_DAMAGED:
        'the list of restaurant accounts (accounts in settings.json) could not be read; no key was deleted: contact support, do not delete the data folder',
      DATA_FOLDER_IN_USE:
        'the data folder is in use by another POS Companion (web mode or the desktop app); close it first',
    },
  },
  // History's CSV (core/orders/history-csv.ts): columns, results, and errors in short (D58)
  historyCsv: {
    columns: [
      'Date',
      'Order code',
      'Order number',
      'Note',
      'Attempt',
      'Result',
      'HTTP status',
      "Platform's answer",
      "Platform's message",
      'Error',
      'Next attempt',
    ],
    results: {
      'handed-over': 'Handed to the courier',
      refused: 'Refused',
      unconfirmed: 'Unconfirmed',
      'will-retry': 'Will retry',
      'waiting-for-sign-in': 'Waiting for sign-in',
      interrupted: 'Interrupted',
      'checked-handed-over': 'Checked on the panel: handed over',
      'checked-not-handed-over': 'Checked on the panel: not handed over',
    },
    errors: {
      'invalid-input': 'Invalid input',
      'insecure-address': 'Insecure address (https:// only)',
      'wrong-credentials': 'Wrong keys',
      'missing-credentials': 'A key is missing',
      'signed-out': 'Signed out',
      unreachable: 'Platform unreachable',
      'app-unreachable': 'App unreachable',
      'untrusted-certificate': "Platform's certificate not trusted",
      timeout: 'The platform did not answer in time',
      'rate-limited': 'The platform received too many requests',
      'server-error': 'Server error on the platform',
      'unexpected-answer': 'Unexpected answer from the platform',
      'order-not-found': 'Order not found',
      'malformed-url': 'Order number reached the platform malformed',
      'wrong-address': 'Wrong platform address',
      'platform-refused': 'The platform refused the request',
      'disk-full': 'Disk full: not recorded, not sent',
      internal: 'Unexpected error',
    },
  },
  // The day-end settlement's CSV (core/couriers/day-end-csv.ts, D65)
  dayEndCsv: {
    columns: [
      'Day',
      'Courier',
      'Row',
      'Branch',
      'Order code',
      'Time',
      'Payment method',
      'Packages',
      'Cash to collect (₺)',
      'Cash handed in (₺)',
      'Difference (₺)',
      'Balance',
      'Amount unknown',
      'Not confirmed',
      'Note',
      'Float (₺)',
      'Expenses (₺)',
      'Expected cash (₺)',
      'Card at the door (₺)',
      'Advances (₺)',
      'Debt repaid (₺)',
      'Debt carried (₺)',
      'Pay (₺)',
      'Account closed',
    ],
    /** The last column with several restaurant accounts (issue 29): the package's account, by short name. */
    accountColumn: 'Brand account',
    movement: {
      float: 'Float',
      expense: 'Expense',
      advance: 'Advance',
      'debt-repaid': 'Debt repaid',
    },
    refused: 'NOT SENT',
    cardAtDoor: 'Card at the door',
    /** The platform's cash key, named when its method list cannot be had (signed out): never `CASH`. */
    cashMethod: 'Cash',
    yes: 'Yes',
    no: 'No',
    courier: 'Courier total',
    branch: 'Branch',
    package: 'Package',
    cash: 'Cash handed in',
    corrected: 'Corrected (does not count)',
    unassigned: 'No courier',
    unassignedNote: "In no courier's difference",
    couriersTotal: "Couriers' total",
    allOrders: 'All orders',
    total: 'Total',
    noBranch: 'No branch',
    collect: 'Collected at the door',
    balance: { even: 'Even', short: 'Short', over: 'Over', out: 'Out', unknown: 'Check' },
  },
  courierStatementCsv: {
    columns: [
      'Day',
      'Packages',
      'Cash at the door (₺)',
      'Float (₺)',
      'Expenses (₺)',
      'Expected cash (₺)',
      'Handed in (₺)',
      'Difference (₺)',
      'Card at the door (₺)',
      'Advances (₺)',
      'Debt repaid (₺)',
      'Pay (₺)',
      'Account closed',
    ],
    total: 'Total',
    yes: 'Yes',
    no: 'No',
  },
  notices: {
    orders: {
      failed: {
        title: (code) => `Order ${code}: hand-over failed`,
        body: 'The platform refused it. Open the order for details.',
      },
      unconfirmed: {
        title: (code) => `Order ${code}: not confirmed`,
        body: 'It probably reached the platform: check the platform panel.',
      },
      'retrying-too-long': {
        title: (code) => `Order ${code}: not sent for 2 minutes`,
        body: 'The app keeps trying. Check the network connection.',
      },
      'waiting-too-long': {
        title: (code) => `Order ${code}: waiting too long`,
        body: 'If the courier took it, press “Handed to courier”: only then is the customer told.',
      },
    },
    session: {
      title: 'The session could not be renewed',
      body: 'Waiting hand-overs cannot be sent. Please sign in again.',
    },
    'intake-port': {
      title: 'Another program holds the POS port',
      body: 'The POS cannot reach the app. Choose another port in Settings → POS connection.',
    },
  },
  // A link's and the command line's refusals (core/intake/order-link.ts), printed in both languages at once
  launch: {
    'not-a-link': 'The link is not of the form pos-companion://order/<payment_key>.',
    'link-too-long': 'The link is too long.',
    'not-an-order-link': 'This link is not an order link (pos-companion://order/…).',
    'no-order-id': 'The link does not hold exactly one order id (a UUID).',
    'unknown-parameter':
      'The link has an unknown part; only label, courier, amount_kurus and account (each once) may follow the id.',
    'invalid-label': 'The label must be 1–120 characters, on one line, with no invisible characters.',
    'invalid-courier':
      'The courier’s name must be one line of at most 60 characters, with no invisible characters.',
    'invalid-amount': 'The amount must be a whole number of kuruş (39990 = ₺399.90), at most ₺10,000,000.',
    'invalid-account':
      'The account must be a short name: one line of at most 30 characters, with no invisible characters.',
    'several-links': 'Several links were given; open one link at a time.',
    'argument-after-link': 'Something follows the link; a link must be opened on its own.',
    'missing-order-id': '--add-order must be followed by the order id (payment_key).',
    'not-an-order-id': 'The value after --add-order is not an order id (a UUID).',
    'several-order-ids': 'Several order ids were given; add one order.',
    'repeated-option': '--label, --courier and --amount-kurus may each be given once.',
    'label-without-order': '--label, --courier and --amount-kurus work only with --add-order.',
    'unexpected-argument':
      'There is an unexpected value. Usage: --add-order <payment_key> [--label …] [--courier …] [--amount-kurus …]',
    'link-and-add-order': 'Both a link and --add-order were given; use one.',
  },
  // A drop file's own refusals (core/intake/drop-file.ts), kept beside it in both languages
  dropFile: {
    'not-text': 'The file is not text (UTF-8 or UTF-16 was expected).',
    'empty-file': 'The file is empty.',
    'not-a-file': 'This is not a file (a link, a pipe or a device): it was not read.',
    linked: 'The file has another name too (a hard link): it was not read.',
  },
  intakeApi: {
    'host-not-allowed': 'This API answers only on 127.0.0.1 (or localhost) with its own port.',
    unauthorized:
      'The request is not signed with the intake key, or the signature is wrong. The key is never sent: sign the request with X-Intake-Signature (docs/intake-api.md).',
    'request-expired':
      'X-Intake-Timestamp is more than 60 seconds from the app’s clock: fix the clock and sign a new request.',
    'request-replayed': 'This X-Intake-Nonce was used before: make a new nonce for every request.',
    'not-found':
      'No such address. The addresses are /v1/orders, /v1/orders/{payment_key}, /v1/day-end, /v1/health.',
    'order-not-found': 'This order is not on the board.',
    'method-not-allowed': 'This address does not accept this method.',
    'unsupported-media-type': 'The body must be JSON: send "Content-Type: application/json".',
    'body-too-large': 'The body is too large (16 KiB at most).',
    'malformed-json': 'The body is not a valid JSON object.',
    'no-order-id': 'payment_key holds no order id (a UUID).',
    'several-order-ids': 'payment_key holds several different order ids; send one order.',
    'invalid-shipping-method': 'shipping_method must be "delivery" or "pickup".',
    'invalid-payment-method':
      'payment_method must be a payment method key (e.g. CASH; letters, digits, _ . -, 64 at most).',
    'invalid-courier-type': 'courier_type must be "restaurant" or "platform".',
    'invalid-label':
      'label must be one line of 1–120 characters, without control characters or invisible characters (such as bidi marks, zero-width spaces or Hangul fillers).',
    'invalid-amount': 'amount_kurus must be a whole number of kuruş from 0 to 1000000000 (₺10,000,000).',
    'invalid-courier':
      'courier must be a courier’s name: one line of at most 60 characters, without invisible characters.',
    'unknown-courier': 'No courier working here has this name: add the courier in the app’s Settings first.',
    'courier-required': 'Settings require a courier: send { "courier": "<name>" } in the body.',
    'invalid-branch':
      'branch must be a branch id: 1–64 visible characters, with no space or invisible character.',
    'unknown-branch': 'This branch is not among the branches of the keys the app is signed in with.',
    'unknown-account': 'account must be the short name of one of the app’s accounts (letter case aside).',
    'order-other-account': 'This order is in the app under another account: an order belongs to one account.',
    'invalid-request-id': 'request_id must be 16–64 characters of A–Z a–z 0–9 _ -.',
    'invalid-kind': 'kind must be "float", "expense", "handed-in", "advance" or "debt-repaid".',
    'invalid-cash-amount': 'amount_kurus must be a whole number of kuruş from 1 to 1000000000 (₺10,000,000).',
    'invalid-note': 'note must be one line of at most 200 characters, without invisible characters.',
    'request-id-reused':
      'This request_id was used for another record: send a new request_id for every record.',
    'unknown-payment-method': 'This payment method is not on the platform’s list.',
    'day-full':
      'Today’s limit of courier records is reached (20,000 a day): new records can be written tomorrow.',
    'invalid-date': 'date must be today or a past day as YYYY-MM-DD; there is no other parameter.',
    'unknown-field':
      'There is an unknown field. The fields are payment_key, shipping_method, payment_method, courier_type, label, amount_kurus, courier, branch (for a hand-over, courier only).',
    'not-eligible': 'This order is pickup or platform-courier: "Kuryeye Verildi" does not apply.',
    'handover-disabled': 'Handing over through the API is turned off in Settings.',
    'rate-limited': 'Too many requests (50 a second at most). Wait Retry-After seconds and try again.',
    internal: 'Something unexpected went wrong in the app; the order may not have been added. Try again.',
  },
} satisfies Texts
