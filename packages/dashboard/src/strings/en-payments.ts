/**
 * English: the words of every page, the API's values, the shell and sign-in, and the payments
 * pages (the list, a payment, its timeline).
 */
import type { CommonWords, PaymentWords, ShellWords, ValueWords } from './catalogue.ts';

/** The endpoints an event goes to, counted: `all 2 endpoints that take it`. */
const takers = (count: number) =>
  count === 1 ? 'the 1 endpoint that takes it' : `all ${count} endpoints that take it`;

export const common: CommonWords = {
  product: 'crypto-pay',
  dashboard: 'Dashboard',
  loading: 'Loading…',
  none: '—',
  apply: 'Apply',
  clear: 'Clear',
  older: 'Older',
  newer: 'Newer',
  empty: 'Nothing to show.',
  done: 'Done.',
  keep: 'Keep it',
  failedToLoad: (message) => `Could not load this: ${message}`,
  forbidden: 'Your role does not allow this.',
  redeliver: 'Redeliver',
  redelivered: 'Queued for delivery again.',
  redeliveredToEvery: (deliveries) =>
    `Queued for delivery again to ${deliveries === 1 ? '1 endpoint' : `${deliveries} endpoints`}.`,
  notFoundPage: 'There is no such page in the dashboard.',
  currencyOnNetwork: (iso, network) => `${iso} on ${network}`,
  api: {
    unreachable: 'The proxy cannot be reached.',
    noAnswerToChange:
      'The proxy did not answer in time, so this may or may not have been done: reload the page to see before trying again.',
    answered: (status) => `The proxy answered ${status}.`,
  },
};

export const values: ValueWords = {
  roles: { viewer: 'viewer', operator: 'operator', owner: 'owner' },
  statuses: {
    created: 'Waiting for payment',
    processing: 'Processing',
    paid: 'Paid',
    failed: 'Failed',
    expired: 'Expired',
  },
  details: {
    underpaid: 'Underpaid: less than the amount due arrived',
    late: 'Late: the payment was not confirmed in time',
    overpaid: 'Overpaid: more than the amount due arrived',
    none: 'No detail',
  },
  detailShort: { underpaid: 'underpaid', late: 'late', overpaid: 'overpaid', none: 'none' },
  pricingModes: {
    product: 'Catalogue product',
    session: 'Checkout session',
    amount: 'Open amount',
  },
  staleChoices: { true: 'Stale only', false: 'Not stale' },
  outcomes: {
    applied: 'applied',
    duplicate: 'duplicate (the status it already had)',
    late: 'late (behind the status it already had)',
    ignored: 'ignored (a duplicate or late one, logged before they were told apart)',
    recorded: 'recorded',
    unknown: 'unknown payment request',
  },
  endpointStatuses: {
    ok: 'Delivering',
    retrying: 'Retrying: an attempt failed',
    failing: 'Failing: no success for a day',
    disabled: 'Disabled',
  },
};

export const shell: ShellWords = {
  nav: {
    label: 'Sections',
    payments: 'Payments',
    webhooks: 'Webhooks',
    money: 'Money',
    callbacks: 'Callbacks',
    audit: 'Audit',
    accounts: 'Accounts',
  },
  session: {
    signedInAs: (name, role) => `${name} (${role})`,
    signOut: 'Sign out',
    signInHeading: 'Sign in',
    name: 'Name',
    password: 'Password',
    signIn: 'Sign in',
    tokenHeading: 'First sign-in on a new install',
    tokenIntro:
      'No owner account exists yet? Sign in once with the proxy’s ADMIN_TOKEN, then create the first owner.',
    token: 'ADMIN_TOKEN',
    signInWithToken: 'Sign in with ADMIN_TOKEN',
    setupHeading: 'Create the first owner',
    setupIntro:
      'You are signed in with ADMIN_TOKEN. Create the owner account you will sign in with from now on.',
    passwordHint: 'At least 12 characters.',
    createOwner: 'Create the owner and sign in',
    expired: 'Your session ended. Sign in again.',
    demoIntro: (name) =>
      `This is the demo: ${name} is a demo account made by pnpm start, with a random password.`,
    signInAsDemo: 'Sign in as the demo owner',
    unavailableHeading: 'The dashboard cannot sign in here',
    unavailable:
      'The dashboard needs the proxy’s merchant API, which is on only when the proxy has an ADMIN_TOKEN. The proxy answered:',
    unreachableHeading: 'The dashboard cannot load',
    unreachable:
      'The proxy cannot be reached now: no answer came back. It may be restarting, or the network is down: try again in a moment, and if it goes on, check that the proxy is running.',
    answeredBadly: (status, said) =>
      `The proxy is not answering normally now: it answered ${status}${said ? `, “${/[.!?]$/.test(said) ? said : `${said}.`}”` : '.'} Try again in a moment, and if it goes on, read the proxy’s log.`,
    tryAgain: 'Try again',
  },
  ownAccount: {
    link: 'Your account',
    heading: 'Your account',
    who: (name, role) => `You are signed in as ${name}, with the ${role} role.`,
    changePassword: 'Change your password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    repeatPassword: 'New password again',
    save: 'Change password',
    mismatch: 'The new password and its repetition differ: type the same one twice.',
    changed:
      'Your password is changed. Every other session of your account was signed out; you stay signed in here.',
  },
  passwordRules:
    'At least 12 characters (at most 1,024). Spaces count and are kept exactly as typed.',
};

export const payments: PaymentWords = {
  payments: {
    heading: 'Payments',
    search: 'Search by reference, checkout id, foreign_id or payment request id',
    searchHint:
      'Found only as written: capitals count (ORDER-7 does not find order-7), and ids are case-sensitive.',
    searchButton: 'Search',
    status: 'Status',
    detail: 'Detail',
    stale: 'Stale',
    staleStatus: (status) => `${status} (stale)`,
    pricing: 'Pricing',
    currency: 'Price currency',
    createdFrom: 'Created from (UTC day)',
    createdTo: 'Created to (UTC day, inclusive)',
    amountMin: 'Amount at least',
    amountMax: 'Amount at most',
    amountFormat: 'A decimal amount in the price currency, such as 25.00',
    datesHint:
      'Days are UTC days, as every time on this page is, whatever format the browser’s date field shows: a payment made at 23:30 in New York on 1 Dec counts on 2 Dec.',
    amountsHint:
      'Amounts are compared as numbers in each payment’s own currency: “at least 100” finds 129 USD and 450 EUR alike. Give a price currency to compare within one.',
    any: 'Any',
    exportCsv: 'Export these as CSV',
    chartHeading: 'Payments per UTC day (last 30 days)',
    chartTable: 'Payments per day, as a table',
    chartUnavailable: 'The daily figures are not available from this proxy.',
    date: 'Day (UTC)',
    created: 'Created',
    paid: 'Paid',
    failed: 'Failed',
    expired: 'Expired',
    open: 'Open',
    paidShare: 'Paid share of those finished',
    paidShareAxis: 'Paid share of those finished (%)',
    percent: (value) => `${value} %`,
    listCaption: 'Payments, newest first',
    reference: 'Reference',
    amount: 'Amount',
    noMatch: 'No payment matches.',
    noMatchSearch:
      'No payment matches. Customers’ names and email addresses are not kept here (they go to the payment service only): search by the reference the customer sees (capitals as written), a foreign_id or a payment request id.',
  },
  payment: {
    back: 'All payments',
    heading: (reference) => `Payment ${reference}`,
    notFound: 'No payment has this id.',
    copyId: 'Copy the checkout id',
    copied: 'Copied the checkout id.',
    copyFailed: (id) => `The browser did not copy: the checkout id is ${id}`,
    summary: 'Summary',
    amount: 'Amount due',
    paidIn: 'Paid in',
    notChosen: 'Not chosen yet',
    pricing: 'Pricing',
    withProduct: (pricing, product) => `${pricing} (${product})`,
    status: 'Status',
    detail: 'Detail',
    stale: 'Stale since',
    created: 'Created',
    updated: 'Updated',
    expires: 'Expires',
    foreignId: 'foreign_id',
    paymentRequestId: 'Payment request id',
    paymentLink: 'Payment link',
    successUrl: 'Success address',
    failedUrl: 'Failure address',
    customerTold: 'What the customer was told',
    refund: 'Refund instructions',
    refundEmailUnderpaid:
      'The payment service emails the customer how to get the whole amount sent back. Do not send it yourself as well.',
    refundEmailOverpaid:
      'The payment service emails the customer how to get the difference back. Do not send it yourself as well.',
    refundMerchantUnderpaid:
      'The customer gave no email address, so the payment service cannot tell them how to get their money back: send the whole amount sent back when they ask.',
    refundMerchantOverpaid:
      'The customer gave no email address, so the payment service cannot tell them how to get their money back: send the difference back when they ask.',
    refundUnknown:
      'The payment service did not say whether it tells the customer how to get their money back. Ask the service before sending anything back.',
    refundLate:
      'The amount due arrived but was not confirmed in time, so the payment failed. The payment service sends the customer no refund instructions for it: contact them, then send it back or settle the order with them.',
    refundLateOver:
      'More than the amount due arrived: where the customer gave an email address, the payment service emails them how to get the difference back.',
    refundUntold:
      'The payment service’s callbacks did not say what arrived. Ask the service about the payment request before sending anything back.',
    refundNone: 'No refund is due.',
    refundsSent: 'Sent back',
    refundsUnavailable: 'What was sent back for this payment could not be read:',
    refundReference: 'Reference',
    refundAmount: 'Amount',
    refundStatus: 'Status',
    refundAt: 'When',
    refundAlreadySent:
      'Money was already sent back for this payment (below): it is not offered again. Only if the service cancels that withdrawal can another be sent.',
    dueIn: (iso) => `Amount due in ${iso}`,
    sent: 'Amount sent',
    shortBy: 'Short by',
    overBy: 'More than due by',
    sendBack: (amount, iso) => `Send ${amount} ${iso} back (a withdrawal, prefilled)`,
    timeline: 'Timeline',
    timelineUnavailable: 'The timeline is not available from this proxy.',
    timelineEmpty: 'Nothing has happened to this payment yet.',
    callbacksUnavailable:
      'The callbacks about this payment could not be read, so what was sent is not shown.',
  },
  timeline: {
    created: 'Checkout created',
    callback: (type, status, outcome) => `Callback ${type} ${status} received: ${outcome}`,
    status: (status) => `Status became ${status}`,
    event: (type) => `Webhook event ${type}`,
    eventById: 'Webhook event',
    noAttempts: 'No delivery attempt yet.',
    deliveredTo: (url) => `Delivered to ${url}`,
    notDeliveredTo: (url) => `Not delivered to ${url}`,
    redeliverEvery: (endpoints) =>
      endpoints === undefined ? 'Redeliver to every endpoint' : `Redeliver to ${takers(endpoints)}`,
    redeliverWhich: (type, eventId) => ` (${type} ${eventId})`,
    redeliverEveryQuestion: (type, eventId, endpoints, delivered) =>
      `Send ${type} (${eventId}) again to ${endpoints === undefined ? 'every endpoint that takes it' : takers(endpoints)}?${
        delivered === 0
          ? ''
          : ` ${delivered === 1 ? 'One of them already has it' : `${delivered} of them already have it`} (answered 2xx) and will receive it twice.`
      }`,
    redeliverTo: 'Redeliver to this endpoint',
    redeliverToWhich: (type, eventId, url) => ` (${type} ${eventId}, ${url})`,
    attempt: (attempt, url) => `Delivery attempt ${attempt} to ${url}`,
    answered: (code, ms) => `answered ${code} in ${ms} ms`,
    noAnswer: (ms) => `no answer after ${ms} ms`,
    error: 'Error',
    excerpt: 'Start of the answer',
    stale: 'Found stale: still not final long after it expired',
  },
};
