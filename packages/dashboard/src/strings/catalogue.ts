/**
 * The shape of the dashboard's word catalogue: every key a page may use, typed, so a missing
 * word is a compile error, and the words of the API's values (statuses, details, roles,
 * outcomes, pricing, endpoint states) are keyed by the protocol's own types, so a value the
 * contract adds needs its words here before the dashboard builds.
 */
import type { CheckoutStatus } from '@crypto-pay/protocol/checkout-status';
import type { CallbackOutcome, Role, WebhookEndpoint } from '@crypto-pay/protocol/merchant-api';
import type { PricingMode, StatusDetail } from '@crypto-pay/protocol/proxy-api';

type Words<Key extends string> = Record<Key, string>;
type Sentence<Args extends unknown[]> = (...args: Args) => string;

/**
 * The keys of an audit entry's detail (the proxy's allow list, `DETAIL_KEYS`), but
 * `previous_role`, which is written with `role` (`roleChange`).
 */
export type AuditDetailKey =
  | 'setup'
  | 'reason'
  | 'role'
  | 'password_changed'
  | 'disabled'
  | 'deliveries'
  | 'endpoint_id'
  | 'event_types'
  | 'url_changed'
  | 'grace_seconds'
  | 'event_id'
  | 'foreign_id'
  | 'amount'
  | 'currency'
  | 'operation'
  | 'refund_of'
  | 'code';

/** The audit log's actions (the proxy's AUDIT_ACTIONS; one it adds later shows as its code). */
export type AuditActionName =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'account_created'
  | 'account_changed'
  | 'account_removed'
  | 'password_changed'
  | 'password_change_failed'
  | 'event_redelivered'
  | 'endpoint_created'
  | 'endpoint_changed'
  | 'endpoint_deleted'
  | 'secret_rotated'
  | 'endpoint_tested'
  | 'invoice_created'
  | 'invoice_cancelled'
  | 'invoice_refused'
  | 'withdrawal_created'
  | 'withdrawal_refused';

/** Why a sign-in or a change of one's own password was refused (`reason` in the audit log). */
export type RefusalReason = 'unknown_name' | 'wrong_password' | 'disabled' | 'wrong_admin_token';

/** Words used on every page. */
export interface CommonWords {
  product: string;
  dashboard: string;
  loading: string;
  none: string;
  apply: string;
  clear: string;
  older: string;
  newer: string;
  empty: string;
  done: string;
  /** Declines a confirmation: the thing asked about stays as it is. */
  keep: string;
  failedToLoad: Sentence<[message: string]>;
  forbidden: string;
  redeliver: string;
  redelivered: string;
  redeliveredToEvery: Sentence<[deliveries: number]>;
  notFoundPage: string;
  /** How a value is written: `USDT on Tron`, `120 ms`. */
  currencyOnNetwork: Sentence<[iso: string, network: string]>;
  /** The api module's own sentences, when the proxy gave none. */
  api: { unreachable: string; noAnswerToChange: string; answered: Sentence<[status: number]> };
}

/** The words of the API's values. */
export interface ValueWords {
  roles: Words<Role>;
  statuses: Words<CheckoutStatus>;
  details: Words<StatusDetail | 'none'>;
  detailShort: Words<StatusDetail | 'none'>;
  pricingModes: Words<PricingMode>;
  staleChoices: Words<'true' | 'false'>;
  outcomes: Words<CallbackOutcome>;
  endpointStatuses: Words<WebhookEndpoint['status']>;
}

export interface ShellWords {
  nav: Words<'label' | 'payments' | 'webhooks' | 'money' | 'callbacks' | 'audit' | 'accounts'>;
  session: Words<
    | 'signOut'
    | 'signInHeading'
    | 'name'
    | 'password'
    | 'signIn'
    | 'tokenHeading'
    | 'tokenIntro'
    | 'token'
    | 'signInWithToken'
    | 'setupHeading'
    | 'setupIntro'
    | 'passwordHint'
    | 'createOwner'
    | 'expired'
    | 'signInAsDemo'
    | 'unavailableHeading'
    | 'unavailable'
    | 'unreachableHeading'
    | 'unreachable'
    | 'tryAgain'
  > & {
    signedInAs: Sentence<[name: string, role: string]>;
    /**
     * The proxy answering 5xx (`status`), with its own words (`said`) where it said more than
     * its status: for now, so try again. (No answer at all is `unreachable`.)
     */
    answeredBadly: Sentence<[status: number, said?: string]>;
    demoIntro: Sentence<[name: string]>;
  };
  /** The signed-in person's own page (`/dashboard/account`), linked from the header. */
  ownAccount: Words<
    | 'link'
    | 'heading'
    | 'changePassword'
    | 'currentPassword'
    | 'newPassword'
    | 'repeatPassword'
    | 'save'
    | 'mismatch'
    | 'changed'
  > & {
    who: Sentence<[name: string, role: string]>;
  };
  /** What a new password must be, said beside each field that takes one. */
  passwordRules: string;
}

export interface PaymentWords {
  payments: Words<
    | 'heading'
    | 'search'
    | 'searchHint'
    | 'searchButton'
    | 'status'
    | 'detail'
    | 'stale'
    | 'pricing'
    | 'currency'
    | 'createdFrom'
    | 'createdTo'
    | 'amountMin'
    | 'amountMax'
    | 'amountFormat'
    | 'datesHint'
    | 'amountsHint'
    | 'any'
    | 'exportCsv'
    | 'chartHeading'
    | 'chartTable'
    | 'chartUnavailable'
    | 'date'
    | 'created'
    | 'paid'
    | 'failed'
    | 'expired'
    | 'open'
    | 'paidShare'
    | 'paidShareAxis'
    | 'listCaption'
    | 'reference'
    | 'amount'
    | 'noMatch'
    | 'noMatchSearch'
  > & {
    staleStatus: Sentence<[status: string]>;
    percent: Sentence<[value: number]>;
  };
  payment: Words<
    | 'back'
    | 'notFound'
    | 'copyId'
    | 'copied'
    | 'summary'
    | 'amount'
    | 'paidIn'
    | 'notChosen'
    | 'pricing'
    | 'status'
    | 'detail'
    | 'stale'
    | 'created'
    | 'updated'
    | 'expires'
    | 'foreignId'
    | 'paymentRequestId'
    | 'paymentLink'
    | 'successUrl'
    | 'failedUrl'
    | 'customerTold'
    | 'refund'
    | 'refundEmailUnderpaid'
    | 'refundEmailOverpaid'
    | 'refundMerchantUnderpaid'
    | 'refundMerchantOverpaid'
    | 'refundUnknown'
    | 'refundLate'
    | 'refundLateOver'
    | 'refundUntold'
    | 'refundNone'
    | 'sent'
    | 'shortBy'
    | 'overBy'
    | 'timeline'
    | 'timelineUnavailable'
    | 'timelineEmpty'
    | 'callbacksUnavailable'
    | 'refundsSent'
    | 'refundsUnavailable'
    | 'refundReference'
    | 'refundAmount'
    | 'refundStatus'
    | 'refundAt'
    | 'refundAlreadySent'
  > & {
    heading: Sentence<[reference: string]>;
    copyFailed: Sentence<[id: string]>;
    withProduct: Sentence<[pricing: string, product: string]>;
    sendBack: Sentence<[amount: string, iso: string]>;
    dueIn: Sentence<[iso: string]>;
  };
  timeline: Words<
    'created' | 'error' | 'excerpt' | 'stale' | 'eventById' | 'noAttempts' | 'redeliverTo'
  > & {
    callback: Sentence<[type: string, status: string, outcome: string]>;
    status: Sentence<[status: string]>;
    event: Sentence<[type: string]>;
    deliveredTo: Sentence<[url: string]>;
    notDeliveredTo: Sentence<[url: string]>;
    attempt: Sentence<[attempt: number, url: string]>;
    answered: Sentence<[code: number, ms: number]>;
    noAnswer: Sentence<[ms: number]>;
    redeliverEvery: Sentence<[endpoints: number | undefined]>;
    redeliverWhich: Sentence<[type: string, eventId: string]>;
    redeliverEveryQuestion: Sentence<
      [type: string, eventId: string, endpoints: number | undefined, delivered: number]
    >;
    redeliverToWhich: Sentence<[type: string, eventId: string, url: string]>;
  };
}

export interface OperationWords {
  webhooks: Words<
    | 'heading'
    | 'endpoints'
    | 'endpointActions'
    | 'url'
    | 'eventTypes'
    | 'address'
    | 'types'
    | 'allTypes'
    | 'add'
    | 'created'
    | 'state'
    | 'disable'
    | 'enable'
    | 'enabledNow'
    | 'remove'
    | 'rotate'
    | 'test'
    | 'testSent'
    | 'copySecret'
    | 'secretCopied'
    | 'secretCopyFailed'
    | 'failingDeliveries'
    | 'failingIntro'
    | 'noFailures'
    | 'droppedDeliveries'
    | 'droppedIntro'
    | 'noDropped'
    | 'queuedAt'
    | 'deliveries'
    | 'noBacklog'
    | 'event'
    | 'endpoint'
    | 'attempt'
    | 'answer'
    | 'at'
    | 'succeeded'
    | 'failed'
  > & {
    oldSecretKept: Sentence<[until: string]>;
    backlog: Sentence<[pending: number]>;
    backlogSince: Sentence<[pending: number, since: string]>;
    failingSince: Sentence<[since: string]>;
    removeQuestion: Sentence<[url: string]>;
    removed: Sentence<[url: string]>;
    added: Sentence<[url: string]>;
    rotated: Sentence<[url: string]>;
    newSecret: Sentence<[url: string]>;
    confirmRemove: string;
    disableQuestion: Sentence<[url: string, waiting: number]>;
    confirmDisable: string;
    disabledNow: Sentence<[url: string]>;
    nextAttempt: Sentence<[at: string]>;
    /** A failing delivery whose endpoint is disabled: nothing retries it, and how to turn it back on. */
    notRetried: Sentence<[url: string]>;
  };
  money: Words<
    | 'heading'
    | 'balances'
    | 'currency'
    | 'currencyCodeHeading'
    | 'balance'
    | 'invoices'
    | 'createInvoice'
    | 'amount'
    | 'amountDigits'
    | 'currencyCode'
    | 'invoiceReference'
    | 'create'
    | 'invoiceLink'
    | 'cancelInvoice'
    | 'invoiceCancelled'
    | 'invoiceList'
    | 'status'
    | 'reference'
    | 'at'
    | 'withdrawals'
    | 'ownerOnly'
    | 'createWithdrawal'
    | 'address'
    | 'tag'
    | 'review'
    | 'confirmHeading'
    | 'confirmIntro'
    | 'confirm'
    | 'back'
    | 'withdrawalList'
    | 'noTag'
    | 'title'
    | 'email'
    | 'returnUrl'
    | 'returnUrlExample'
    | 'payer'
    | 'sender'
    | 'receiver'
    | 'receiverSelf'
    | 'person'
    | 'company'
    | 'firstName'
    | 'lastName'
    | 'dateOfBirth'
    | 'legalName'
    | 'country'
    | 'noInvoices'
    | 'noWithdrawals'
    | 'invoicePage'
    | 'createdBy'
    | 'refundOf'
    | 'network'
    | 'networkUnknown'
    | 'chooseReceiver'
    | 'answerStatus'
    | 'answerSent'
    | 'answerDebited'
  > & {
    done: Sentence<[reference: string, text: string]>;
    cancelQuestion: Sentence<[reference: string]>;
    confirmCancel: string;
    /** The withdrawal form's note when it sends a payment's money back. */
    refundFor: Sentence<[checkout: string]>;
    /** The answer's heading: the service's id and the merchant's reference. */
    answerHeading: Sentence<[id: string, reference: string]>;
  };
  callbacks: Words<
    | 'heading'
    | 'type'
    | 'objectId'
    | 'foreignId'
    | 'objectAndForeignId'
    | 'status'
    | 'outcome'
    | 'received'
    | 'body'
    | 'showBody'
    | 'anyType'
    | 'searchHint'
    | 'filter'
  >;
  audit: Words<
    | 'heading'
    | 'at'
    | 'actor'
    | 'action'
    | 'target'
    | 'detail'
    | 'filterActor'
    | 'filterAction'
    | 'anyAction'
  > & {
    actions: Words<AuditActionName>;
    /** The detail's keys in words (one a newer proxy writes shows as its key). */
    detailKeys: Words<AuditDetailKey>;
    yes: string;
    no: string;
    /** A role's change: `viewer → operator`. */
    roleChange: Sentence<[from: string, to: string]>;
    /** An owner's new password for an account (`password_changed: true`), never the password. */
    passwordSet: string;
    reasons: Words<RefusalReason>;
  };
  accounts: Words<
    | 'heading'
    | 'name'
    | 'role'
    | 'created'
    | 'state'
    | 'active'
    | 'disabled'
    | 'add'
    | 'password'
    | 'create'
    | 'disable'
    | 'enable'
    | 'saveRole'
    | 'confirmDisable'
    | 'remove'
    | 'confirmRemove'
    | 'newPassword'
    | 'confirmPassword'
  > & {
    passwordQuestion: Sentence<[name: string]>;
    passwordOwnQuestion: Sentence<[name: string]>;
    passwordSet: Sentence<[name: string]>;
    roleFor: Sentence<[name: string]>;
    roleSaved: Sentence<[name: string, role: string]>;
    added: Sentence<[name: string, role: string]>;
    disableQuestion: Sentence<[name: string]>;
    disableOwnQuestion: Sentence<[name: string]>;
    disabledNow: Sentence<[name: string]>;
    enabledNow: Sentence<[name: string]>;
    removeQuestion: Sentence<[name: string]>;
    removedNow: Sentence<[name: string]>;
  };
}

/** Every word of the dashboard. */
export interface Catalogue
  extends CommonWords,
    ValueWords,
    ShellWords,
    PaymentWords,
    OperationWords {}
