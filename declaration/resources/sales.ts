// Sales & subscriptions (resources.config.ts lists every group).
import type { ResourceDecl } from "../types";
import { code, CRUD_OPS, description, INDUSTRY, isActive, note, PAYMENT_METHOD, PAYMENT_STATUS } from "./shared";

/**
 * A sales contact's stage in the owner's pipeline, in board order (the board's columns, the
 * server's accepted values; migration 016 moved the former lead / negotiating here).
 */
export const SALES_STAGES = ["new", "contacted", "demo_done", "won", "lost"] as const;
export type SalesStage = (typeof SALES_STAGES)[number];

export const salesResources: ResourceDecl[] = [
  {
    name: "package-management",
    audited: "all",
    scope: "platform",
    group: "sales",
    icon: "GiftOutlined",
    labelField: "name",
    operations: CRUD_OPS,
    defaultSort: { field: "price", order: "asc" },
    fields: [
      { name: "name", type: "string", required: true, unique: true },
      { ...code, required: true, unique: true },
      { name: "price", type: "money", required: true, min: 0 },
      { name: "duration_months", type: "integer", required: true, min: 1, max: 60 },
      { name: "max_users", type: "integer", min: 1 },
      { name: "max_projects", type: "integer", min: 1 },
      { name: "storage_quota_mb", type: "integer", min: 0 },
      description,
      isActive,
    ],
  },
  {
    name: "refferal-code",
    audited: "all",
    scope: "platform",
    group: "sales",
    icon: "PercentageOutlined",
    labelField: "code",
    operations: CRUD_OPS,
    fields: [
      { name: "code", type: "string", required: true, unique: true, maxLength: 32 },
      { name: "title", type: "string", required: true },
      { name: "discount", type: "percent", required: true, min: 0, max: 100 },
      { name: "valid_from", type: "date" },
      { name: "valid_until", type: "date" },
      { name: "quota", type: "integer", min: 0 },
      { name: "used_count", type: "integer", serverOwned: true },
      isActive,
    ],
  },
  {
    name: "product-transaction",
    handlers: "transactions",
    audited: "all",
    scope: "company",
    // The platform owner follows every company's purchases and marks them paid (through the
    // payment notification); buying and cancelling stay with the company's people.
    ownerMenu: true,
    ownerSeesAll: true,
    companyMembersOnly: true,
    group: "sales",
    icon: "CreditCardOutlined",
    labelField: "invoice_number",
    ownerField: "user_id",
    // A company past its subscription's end still buys (and cancels) its renewal.
    expiredCompanyMay: true,
    // The generated details plus the platform owner's "mark as paid" (the payment notification's path).
    pages: { show: "transaction" },
    operations: ["add", "search", "update/{id}", "get/{id}"],
    defaultSort: { field: "created_at", order: "desc" },
    fields: [
      { name: "invoice_number", type: "string", serverOwned: true },
      { name: "package_id", type: "ref", ref: "package-management", required: true },
      { name: "refferal_code_id", type: "ref", ref: "refferal-code" },
      { name: "amount", type: "money", serverOwned: true },
      { name: "discount", type: "money", serverOwned: true },
      { name: "total", type: "money", serverOwned: true },
      { name: "payment_method", type: "enum", options: PAYMENT_METHOD, required: true },
      { name: "status", type: "enum", options: PAYMENT_STATUS, required: true, default: "pending" },
      { name: "paid_at", type: "datetime", serverOwned: true },
      { name: "period_start", type: "date", serverOwned: true },
      { name: "period_end", type: "date", serverOwned: true },
      { name: "user_id", type: "ref", ref: "human-resource", serverOwned: true, list: false },
    ],
  },
  {
    name: "product-transaction-user",
    handlers: "transactions",
    access: "product-transaction",
    scope: "none",
    labelField: "invoice_number",
    expiredCompanyMay: true,
    // Bought by a company's people for their company (the platform owner has none).
    companyMembersOnly: true,
    // notification: the payment gateway's signed callback (no token; server/custom/transactions.ts checks the signature).
    operations: ["add", { name: "notification", method: "POST", path: "notification", right: "public" }],
    fields: [
      { name: "package_id", type: "ref", ref: "package-management", required: true },
      { name: "refferal_code", type: "string", maxLength: 32 },
      { name: "payment_method", type: "enum", options: PAYMENT_METHOD, required: true },
      { name: "invoice_number", type: "string" },
      { name: "status", type: "enum", options: PAYMENT_STATUS },
    ],
  },
  {
    name: "transaction-history",
    scope: "company",
    ownerMenu: true,
    ownerSeesAll: true,
    group: "sales",
    icon: "HistoryOutlined",
    labelField: "event",
    operations: ["search"],
    defaultSort: { field: "created_at", order: "desc" },
    fields: [
      { name: "transaction_id", type: "ref", ref: "product-transaction", required: true },
      { name: "event", type: "enum", options: ["created", "paid", "failed", "expired", "cancelled"], required: true },
      { name: "amount", type: "money" },
      note,
    ],
  },
  {
    name: "demo-management",
    audited: "all",
    scope: "platform",
    group: "sales",
    icon: "CalendarOutlined",
    labelField: "name",
    operations: CRUD_OPS,
    defaultSort: { field: "created_at", order: "desc" },
    fields: [
      { name: "name", type: "string", required: true },
      { name: "company_name", type: "string", required: true },
      { name: "email", type: "email", required: true },
      { name: "phone", type: "phone", required: true },
      { name: "industry", type: "enum", options: INDUSTRY },
      { name: "employee_count", type: "integer", min: 1 },
      { name: "demo_date", type: "datetime" },
      { name: "status", type: "enum", options: ["new", "scheduled", "done", "cancelled"], required: true, default: "new" },
      { name: "message", type: "text" },
    ],
  },
  {
    name: "sales-contact",
    audited: "all",
    scope: "platform",
    // The pipeline board: a column per stage, cards moved by drag and drop or a card's menu.
    pages: { list: "pipeline" },
    group: "sales",
    icon: "ContactsOutlined",
    labelField: "name",
    operations: CRUD_OPS,
    fields: [
      { name: "name", type: "string", required: true },
      { name: "company_name", type: "string" },
      { name: "position", type: "string" },
      { name: "email", type: "email" },
      { name: "phone", type: "phone", required: true },
      { name: "address", type: "text" },
      { name: "status", type: "enum", options: SALES_STAGES, required: true, default: "new" },
      note,
    ],
  },
  {
    // Beyond the spec: every company's sales in one answer (server/custom/sales-summary.ts), the
    // platform owner's alone (403 owner_only for anyone else); its page is the owner's sales view.
    name: "sales-summary",
    handlers: "sales-summary",
    scope: "none",
    ownerMenu: true,
    group: "sales",
    icon: "FundOutlined",
    labelField: "month",
    pages: { list: "sales" },
    operations: [{ name: "summary", method: "GET", path: "summary", right: "read" }],
    beyondSpec: ["summary"],
    // The figures of its rows (months, packages, companies, referral codes).
    fields: [
      { name: "month", type: "string" },
      { name: "company_id", type: "ref", ref: "company-management" },
      { name: "package_id", type: "ref", ref: "package-management" },
      { name: "transaction_count", type: "integer" },
      { name: "total", type: "money" },
    ],
  },
];

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    "product-transaction-user": { notification: PaymentResult };
    "sales-summary": { summary: SalesSummary };
  }
}
