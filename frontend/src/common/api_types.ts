/* The API types of the shop and back-office, generated from GET /api/openapi.json: run `npm run api:types` after changing a route, a validator or an answer schema. Do not edit. */
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to the member sign-in */
        get: operations["root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to the back-office dashboard */
        get: operations["admin.root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Back-office (single-page app) */
        get: operations["spa.admin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Any unknown API path: 404 JSON */
        get: operations["api.not_found.get"];
        /** Any unknown API path: 404 JSON */
        put: operations["api.not_found.put"];
        /** Any unknown API path: 404 JSON */
        post: operations["api.not_found.post"];
        /** Any unknown API path: 404 JSON */
        delete: operations["api.not_found.delete"];
        /** Any unknown API path: 404 JSON */
        options: operations["api.not_found.options"];
        head?: never;
        /** Any unknown API path: 404 JSON */
        patch: operations["api.not_found.patch"];
        trace?: never;
    };
    "/api/admin/admin-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Administrators */
        get: operations["admin.admin_users.index"];
        put?: never;
        /** Create an administrator */
        post: operations["admin.admin_users.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/admin-users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update an administrator */
        put: operations["admin.admin_users.update"];
        post?: never;
        /** Delete an administrator */
        delete: operations["admin.admin_users.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/admin-users/{id}/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change an administrator's password */
        post: operations["admin.admin_users.change_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/admin-users/{id}/reset-two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reset another administrator's second factor (audited; ends their sessions) */
        post: operations["admin.admin_users.reset_two_factor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Insurer API configurations */
        get: operations["admin.api_configs.index"];
        put?: never;
        /** Create an insurer API configuration */
        post: operations["admin.api_configs.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/api-configs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update an insurer API configuration */
        put: operations["admin.api_configs.update"];
        post?: never;
        /** Delete an insurer API configuration */
        delete: operations["admin.api_configs.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit entries, newest first, filtered and paged */
        get: operations["admin.audit_log.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit-log-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every audit entry of the list's filters, newest first, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe; the export is itself audited (list.export) */
        get: operations["admin.audit_log.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/credit-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A credit note's PDF as it was emailed (application/pdf); 404 when unknown */
        get: operations["admin.credit_notes.pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dashboard-charts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dashboard charts: migrations started and completed per day (TIMEZONE days), paid revenue by currency with its USD value, migrations by status */
        get: operations["backoffice.dashboard.charts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dashboard-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dashboard figures */
        get: operations["backoffice.dashboard.stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/data/clean": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest Clean Database run and its progress (null when there was none) */
        get: operations["data.clean_status"];
        put?: never;
        /** Delete member and migration data (typed confirmation): 200 when done within 2 s, else 202 while it runs in batches (follow it with data.clean_status) */
        post: operations["data.clean"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/data/confirm-import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a previewed census */
        post: operations["data.confirm_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/data/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preview a census file (CSV or XLSX, form field `file`; optional `mapping`, a JSON object census column → file column) with a dry run of the import. A required column still missing answers 422 with `missingColumns` and the file's `fileColumns`. */
        post: operations["data.preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/data/preview-errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The skipped rows of a census preview as CSV: the file's columns, then Row and Reason (only for the admin who made the preview) */
        get: operations["data.preview_errors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/data/preview-records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of a census preview's records, sorted on the server (only for the admin who made the preview) */
        get: operations["data.preview_records"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/data/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database statistics */
        get: operations["data.stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every call and job in dead letter across migrations, latest failure first */
        get: operations["admin.dead_letters.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-deliveries/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resend one email of a migration: a new delivery row, sent by a job (202); 409 when already resent or still being sent */
        post: operations["admin.email_deliveries.resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Email overrides */
        get: operations["admin.email_overrides.index"];
        put?: never;
        /** Create an email override */
        post: operations["admin.email_overrides.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-overrides-search-members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find members for an email override */
        get: operations["admin.email_overrides.search_members"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-overrides/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One email override */
        get: operations["admin.email_overrides.show"];
        /** Update an email override */
        put: operations["admin.email_overrides.update"];
        post?: never;
        /** Delete an email override */
        delete: operations["admin.email_overrides.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Email templates */
        get: operations["admin.email_templates.index"];
        put?: never;
        /** Create an email template */
        post: operations["admin.email_templates.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One email template */
        get: operations["admin.email_templates.show"];
        /** Update an email template */
        put: operations["admin.email_templates.update"];
        post?: never;
        /** Delete an email template */
        delete: operations["admin.email_templates.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-templates/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a template the active one of its type */
        post: operations["admin.email_templates.activate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-templates/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render an email template with sample data */
        post: operations["admin.email_templates.preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/email-templates/variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Variables email templates may use */
        get: operations["admin.email_templates.variables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Card disputes (ra-data-simple-rest list: sort id, opened_at, closed_at, amount_cents, status; range; filter {status (a provider status, or open = not won, lost or closed), migration_id, q = reference, member ID or provider dispute id, from, to}; total in Content-Range) */
        get: operations["admin.finance.disputes.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/disputes-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The disputes list's filter and sort (the list's sort and filter parameters, no range), every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export) */
        get: operations["admin.finance.disputes.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/disputes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One card dispute */
        get: operations["admin.finance.disputes.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/dunning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dunning cases of failed installments (Finance area; ra-data-simple-rest list: sort, range, filter {status: open|paid|lapsed, q}; total in Content-Range) */
        get: operations["admin.finance.dunning.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/dunning-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The dunning list's filter and sort (the list's sort and filter parameters, no range), every case, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export) */
        get: operations["admin.finance.dunning.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/dunning/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One dunning case (Finance area) */
        get: operations["admin.finance.dunning.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/ledger-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ledger of a period (from..to, whole days, at most 366): payments recorded paid, refunds and disputes with provider ids, currency, amount and USD value, as CSV or XLSX (streamed; text cells formula-safe); audited */
        get: operations["admin.finance.ledger.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reconciliation mismatches (Finance area; ra-data-simple-rest list: sort, range, filter {kind, object_type, run_id (default: the latest finished run), q}; total in Content-Range) */
        get: operations["admin.finance.reconciliation.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/reconciliation-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reconciliation mismatches of the list's filter and sort, every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export) */
        get: operations["admin.finance.reconciliation.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/reconciliation-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reconcile now: compares the provider's charges, refunds and disputes of whole days from..to (at most 31) with our payments */
        post: operations["admin.finance.reconciliation.run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/reconciliation/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One reconciliation mismatch */
        get: operations["admin.finance.reconciliation.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Refunds (Finance area; ra-data-simple-rest list: sort id, created_at, refunded_at, amount_cents, status, origin; range; filter {status, origin, migration_id, q = reference, member ID or provider refund id, from, to (YYYY-MM-DD)}; total in Content-Range) */
        get: operations["admin.finance.refunds.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/refunds-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The refunds list's filter and sort (the list's sort and filter parameters, no range), every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export) */
        get: operations["admin.finance.refunds.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/finance/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One refund */
        get: operations["admin.finance.refunds.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/generate-bulk-migration-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate secure links for the selected members (memberIds), else for those the list shows for `search`; members with a usable link or blocked are skipped */
        post: operations["backoffice.unmigrated_users.generate_bulk_tokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/generate-migration-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate a secure link for a member */
        post: operations["backoffice.unmigrated_users.generate_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Administrator sign-in */
        post: operations["admin.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Second sign-in step: an authenticator code or a recovery code */
        post: operations["admin.login.code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Second sign-in step: the passkey answer */
        post: operations["admin.login.passkey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Second sign-in step: WebAuthn options for a passkey */
        post: operations["admin.login.passkey_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the administrator session */
        post: operations["admin.logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in administrator, their role and its abilities */
        get: operations["admin.me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members, searched and paged (by page number, or by keyset: after the last id of the previous page, before the first id of the next) */
        get: operations["admin.members.index"];
        put?: never;
        /** Create a member */
        post: operations["admin.members.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/members-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Members list as a file: the list's filters (search, role) and sort, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export) */
        get: operations["admin.members.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/members-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Member counts */
        get: operations["admin.members.stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One member with family */
        get: operations["admin.members.show"];
        /** Update a member */
        put: operations["admin.members.update"];
        post?: never;
        /** Delete a member */
        delete: operations["admin.members.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/members/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Block or unblock a principal, with or without a migration */
        patch: operations["admin.members.block"];
        trace?: never;
    };
    "/api/admin/members/{id}/erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer a member's erasure request: the family's personal data anonymised (docs/privacy.md) */
        post: operations["backoffice.members.erasure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/members/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member's invitation and reminder emails with their delivery status, newest first (at most 200) */
        get: operations["admin.members.invitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/members/bulk-block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block or unblock the selected members (each audited like a single block) */
        post: operations["admin.members.bulk_block"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Migrations, searched, filtered and paged */
        get: operations["backoffice.migrations.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every migration of the list's filters (search, status, term) in its sort, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export) */
        get: operations["backoffice.migrations.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One migration with members, payments and documents */
        get: operations["backoffice.migrations.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/api-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Insurer API calls of a migration */
        get: operations["admin.migrations.api_logs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Block or unblock a member's migration */
        patch: operations["admin.migrations.block"];
        trace?: never;
    };
    "/api/admin/migrations/{id}/cancellation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cancellation of a migration's coverage, or the refund a cancellation on effectiveOn (default today) would give */
        get: operations["admin.migrations.cancellation"];
        put?: never;
        /** Cancel a migration's coverage with its refund (201; 200 with created false when it was cancelled already); 409 while fulfilment runs or when nothing was paid */
        post: operations["admin.migrations.cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the member accepted before paying (text version, words, language, time, IP) */
        get: operations["migrations.consents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A migration's credit notes, one per refund that reached the member, oldest first */
        get: operations["admin.migrations.credit_notes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One migration's card disputes, for its detail page (every role that reads migrations; the same list as the Finance area's disputes, kept to this migration) */
        get: operations["admin.migrations.disputes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/frozen-quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rates and surcharge a migration's price was computed with, and today's values beside them */
        get: operations["migrations.frozen_quote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A migration's insurer calls (one per member and configuration) and other outbound jobs */
        get: operations["admin.migrations.outbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One migration's refunds, for its detail page (every role that reads migrations; the same list, sort, range and filter as the Finance area's refunds, kept to this migration) */
        get: operations["admin.migrations.refunds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/regenerate-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Generate a migration's documents again */
        post: operations["admin.migrations.regenerate_documents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/retry-api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a migration's insurer enrolment */
        post: operations["admin.migrations.retry_api"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/migrations/{id}/retry-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a migration's emails again */
        post: operations["admin.migrations.retry_emails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member's or a migration's notes, newest first */
        get: operations["backoffice.notes.index"];
        put?: never;
        /** Write a note on a member or a migration (audited) */
        post: operations["backoffice.notes.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit a note: its author or an Owner (audited) */
        put: operations["backoffice.notes.update"];
        post?: never;
        /** Delete a note: its author or an Owner (audited) */
        delete: operations["backoffice.notes.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replay one dead-lettered call or job (same idempotency key / delivery row); 409 when it is not in dead letter */
        post: operations["admin.outbox.replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/product-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The policy conditions and pre-contract information PDFs of each product */
        get: operations["admin.product_documents.index"];
        put?: never;
        /** Upload a product's policy conditions or pre-contract information (multipart: productName, kind conditions|pre_contract, language en|de|fr (default en), PDF in `file`); replaces the older one of that kind and language */
        post: operations["admin.product_documents.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Products with their shop settings */
        get: operations["admin.products.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update a product's shop settings */
        put: operations["admin.products.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add products found in the member data */
        post: operations["admin.products.refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/saved-views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in administrator's saved list views (of one list with `resource`) */
        get: operations["admin.saved_views.index"];
        put?: never;
        /** Save a view of a list (filter, sort, order, rows per page); the same name on the same list replaces it (200), a new one is 201 */
        post: operations["admin.saved_views.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/saved-views/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of one's own saved views (another administrator's: 404) */
        delete: operations["admin.saved_views.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The app bar's search: members (member ID, name, email: start), migrations (reference: start), payments, refunds and disputes (provider id: whole), notes (text); at most 5 of each, only the kinds the role reads */
        get: operations["backoffice.search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in administrator's active sessions and sign-in history */
        get: operations["admin.security.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/security/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one of the signed-in administrator's sessions */
        delete: operations["admin.security.sign_out_device"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/security/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every session of the signed-in administrator */
        post: operations["admin.security.sign_out_everywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/send-migration-invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email invitations with secure links */
        post: operations["backoffice.unmigrated_users.send_invitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All settings by category (sensitive values masked) */
        get: operations["admin.settings.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One setting */
        get: operations["admin.settings.show"];
        /** Update one setting */
        put: operations["admin.settings.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/bulk-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Update several settings at once */
        post: operations["admin.settings.bulk_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/clear-cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clear the settings cache */
        post: operations["admin.settings.clear_cache"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/options/date-formats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Date formats an administrator may choose */
        get: operations["admin.settings.date_formats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/options/time-formats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Time formats an administrator may choose */
        get: operations["admin.settings.time_formats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subscriptions, filtered and paged */
        get: operations["backoffice.subscriptions.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscriptions-export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A Subscriptions tab (tab=all with search and status, early, problematic) in its sort, every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export) */
        get: operations["backoffice.subscriptions.export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscriptions/{id}/mark-reviewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an early cancellation reviewed */
        post: operations["backoffice.subscriptions.mark_reviewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscriptions/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment history of a subscription */
        get: operations["backoffice.subscriptions.payments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscriptions/early-cancellations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subscriptions cancelled early */
        get: operations["backoffice.subscriptions.early_cancellations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscriptions/problematic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subscriptions with failed payments */
        get: operations["backoffice.subscriptions.problematic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscriptions/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subscription figures */
        get: operations["backoffice.subscriptions.stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Document templates */
        get: operations["admin.doc_templates.index"];
        put?: never;
        /** Create a document template */
        post: operations["admin.doc_templates.store"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a document template */
        delete: operations["admin.doc_templates.destroy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/token-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Secure-link settings */
        get: operations["backoffice.unmigrated_users.token_config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in administrator's second factors */
        get: operations["admin.two_factor.status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/two-factor/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a passkey */
        post: operations["admin.two_factor.passkey_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/two-factor/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn options to register a passkey */
        post: operations["admin.two_factor.passkey_options"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/two-factor/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start enrolling an authenticator app (QR code and key) */
        post: operations["admin.two_factor.totp_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/two-factor/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the authenticator app with one code */
        post: operations["admin.two_factor.totp_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/unmigrated-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Principals who have not migrated */
        get: operations["backoffice.unmigrated_users.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Member sign-in with member ID and date of birth */
        post: operations["auth.login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the member session */
        post: operations["auth.logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member session, if any */
        get: operations["auth.session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/validate-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Member sign-in with a secure link and birth year */
        post: operations["auth.validate_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Branding of the portal (logo, colours, texts) */
        get: operations["branding.show"];
        /** Update the branding */
        put: operations["branding.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/branding/clear-cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clear the branding cache */
        post: operations["branding.clear_cache"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/branding/colors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Brand colours */
        get: operations["branding.colors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies/admin/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Update a currency */
        put: operations["admin.currencies.update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies/admin/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every currency with its rate and surcharge */
        get: operations["admin.currencies.index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies/admin/refresh-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Fetch exchange rates now */
        post: operations["admin.currencies.refresh_rates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies/admin/scheduler-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** State of the exchange-rate scheduler */
        get: operations["admin.currencies.scheduler_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Currencies a member may pay in */
        get: operations["currencies.enabled"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The API documentation for people (Swagger UI, served from this server) */
        get: operations["api.docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Files of the documentation viewer */
        get: operations["api.docs.asset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process answers */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/area": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member area after payment: migration, schedule with statuses, documents */
        get: operations["member.area"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a card update: the card becomes the plan's default */
        post: operations["member.card_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/card/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a card update (Stripe: a SetupIntent; sandbox: none) */
        post: operations["member.card_setup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the member buys, before paying: coverage name, limits in their own currency, cooling-off days, the previous coverage, the product documents */
        get: operations["member.coverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/credit-notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the credit note PDF of a refund of one of the member's own migrations (another member's is a 404) */
        get: operations["member.credit_note"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in member, family and previous coverage */
        get: operations["member.details"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download one of the member's own policy documents (PDF) */
        get: operations["member.document"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/language": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store the member's language (the shop's switcher): emails and PDFs are written in it */
        put: operations["member.language"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/migration-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the member may migrate */
        get: operations["member.migration_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/my-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download my data: everything held about the member and their family, as JSON (the request is audited) */
        get: operations["member.my_data"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/my-data/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download my data as a readable PDF in the member's language (the request is audited) */
        get: operations["member.my_data_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/pay-now": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay a failed installment now */
        post: operations["member.pay_now"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/payment-frequencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment frequencies offered to the member */
        get: operations["member.payment_frequencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/product-documents/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's product's policy conditions (conditions) or pre-contract information (pre_contract) PDF; 404 when none was uploaded */
        get: operations["member.product_document"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/receipts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download the receipt PDF of one of the member's own paid installments (another member's is a 404) */
        get: operations["member.receipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/renewal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The renewal offer of the member's coverage whose end date is near: its end date and today's price of a term starting then; null when none is due or it was renewed */
        get: operations["member.renewal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of the signed-in member, on every device */
        post: operations["auth.logout_everywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/stop-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What stopping the future payments means now: the last day of cover (the end of the last paid period), the installments no longer charged and the refund; or the stop made */
        get: operations["member.stop_payments"];
        put?: never;
        /** Stop the future payments as quoted (coveredUntil: the quoted last day of cover); 409 in the cooling-off period, without future installments or when the quote changed. Repeating it answers the stop made. */
        post: operations["member.stop_payments_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/update-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the member's email address */
        post: operations["member.update_email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/member/withdrawal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the member may withdraw (the amount refunded) or, after it, until when they were covered */
        get: operations["member.withdrawal"];
        put?: never;
        /** Withdraw within the cooling-off period: the coverage ends today and the whole amount is refunded; 409 after the period. Repeating it answers the withdrawal made. */
        post: operations["member.withdraw"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/migration/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the member's migrations */
        get: operations["migration.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/migration/{id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Resume the member's open checkout (the one another tab started): the create answer again */
        get: operations["migration.resume"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/migration/{id}/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the member's consent to the checkout's conditions (and recurring charges) before paying; answers the payment's secret */
        post: operations["migration.consent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/migration/{id}/sandbox-confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a sandbox payment */
        post: operations["migration.sandbox_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/migration/calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Price a selection */
        post: operations["migration.calculate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/migration/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create the checkout of a selection; with renewalOf, the renewal of that migration (its term starts on its end date; 409 when it cannot be renewed now) */
        post: operations["migration.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/migration/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The id of the member's open checkout, if any */
        get: operations["migration.current"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: operations["api.openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active payment provider and its public key */
        get: operations["payments.config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/formatting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Date, time and currency formatting settings */
        get: operations["settings.formatting"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe webhook (signed events) */
        post: operations["webhooks.stripe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["health.live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database reachable, migrations applied, worker alive (else 503 with the same checks) */
        get: operations["health.ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (404 while METRICS_TOKEN is unset) */
        get: operations["metrics.show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to the member sign-in */
        get: operations["shop.root"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shop/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Member shop (single-page app) */
        get: operations["spa.shop"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Admin: {
            created_at: string | null;
            email: string | null;
            id: number;
            role: "owner" | "operations" | "finance" | "support";
            username: string;
        };
        AdminAdminUsersStoreAnswer: {
            admin: components["schemas"]["Admin"];
            message: string;
            success: boolean;
        };
        AdminEmailOverridesShowAnswer: {
            override: components["schemas"]["Override"];
            success: boolean;
        };
        AdminEmailTemplatesActivateAnswer: {
            success: boolean;
            template: components["schemas"]["Template"];
        };
        AdminLoginAnswer: {
            admin: components["schemas"]["AuthAdmin"];
            enrolment_required: boolean;
            success: boolean;
        };
        AdminMeAnswer: {
            abilities: string[];
            admin: components["schemas"]["AuthAdmin"];
            enrolment_required: boolean;
            role: string;
            success: boolean;
        };
        AdminMigrationsRegenerateDocumentsAnswer: {
            count: number;
            error: string | null;
            success: boolean;
        };
        AdminNote: {
            /** @description The username of the administrator who wrote it */
            author: string;
            body: string;
            createdAt: string;
            /** @description Whether the administrator asking may edit or delete it (its author or an Owner) */
            editable: boolean;
            entityId: number;
            entityType: "member" | "migration";
            id: number;
            updatedAt: string;
        };
        AdminSecondStepAnswer: {
            methods: {
                passkey: boolean;
                totp: boolean;
            };
            /** @constant */
            second_factor: "required";
            success: boolean;
        };
        AdminSecurityAnswer: {
            sessions: components["schemas"]["DeviceSession"][];
            sign_ins: components["schemas"]["SignInEvent"][];
            success: boolean;
        };
        AdminSettingsDateFormatsAnswer: {
            options: components["schemas"]["Option"][];
            success: boolean;
        };
        AdminSettingsShowAnswer: {
            setting: components["schemas"]["Setting"];
            success: boolean;
        };
        ApiConfig: {
            auth_config: {
                token: string;
            } | {
                header: string;
                key: string;
            } | null;
            auth_type: "none" | "bearer" | "api_key";
            cancellation_endpoint_url: string | null;
            created_at: string | null;
            enabled: boolean;
            endpoint_url: string;
            id: number;
            name: string;
        };
        AuthAdmin: {
            email: string | null;
            id: number;
            username: string;
        };
        AuthLoginAnswer: {
            member: components["schemas"]["SignedInMember"];
            success: boolean;
        };
        Branding: {
            accentColor: string;
            brandName: string;
            errorColor: string;
            logoUrl: string;
            primaryColor: string;
            secondaryColor: string;
            successColor: string;
            supportEmail: string;
            tagline: string;
            warningColor: string;
            websiteUrl: string;
        };
        BrandingShowAnswer: {
            branding: components["schemas"]["Branding"];
            success: boolean;
        };
        CacheStatus: {
            age: number | null;
            cached: boolean;
            fetchedAt: string | null;
            source: string | null;
        };
        Calculation: {
            annualPremium: number;
            calculatedPremium: number;
            memberId: number | null;
            memberName: string | null;
        };
        CancellationPreview: {
            cancelsFutureInstallments: boolean;
            coolingOffEndsOn: string;
            currency: string;
            daysPaid: number;
            daysUnused: number;
            effectiveOn: string;
            inCoolingOff: boolean;
            paidCents: number;
            refundCents: number;
            refundRule: "cooling_off" | "unused_part";
        };
        CleanRun: {
            deletedCounts: {
                members: number;
                migrations: number;
            };
            deletedRows: number;
            error: string | null;
            id: number;
            status: "running" | "interrupted" | "done" | "failed";
            totalRows: number;
        };
        ConsentTerms: {
            /** @description The words the member accepts before paying */
            text: string;
            textVersion: string;
        };
        CoverageCancellationView: {
            createdAt: string;
            currency: string;
            effectiveOn: string;
            id: number;
            paidCents: number;
            reason: string;
            refundCents: number;
            refundRule: "cooling_off" | "unused_part";
            requestedBy: "admin" | "member" | "member_stop";
            status: "requested" | "refunded" | "completed";
        };
        Currency: {
            code: string;
            enabled: boolean;
            id: number;
            name: string;
            surcharge_percentage: number;
            symbol: string;
        };
        DeviceSession: {
            current: boolean;
            device: string;
            id: string;
            ip: string;
            last_seen_at: string;
            signed_in_at: string;
        };
        DisputeSearchHit: {
            /** @description In `currency`, decimal units */
            amount: number;
            currency: string;
            id: number;
            migration_id: number | null;
            migration_reference: string | null;
            provider_dispute_id: string;
            provider_payment_id: string | null;
            status: string;
        };
        DunningCase: {
            amount: number;
            currency: string;
            failed_at: string;
            id: number;
            last_notice_at: string | null;
            member_id: string;
            member_name: string;
            migration_id: number;
            migration_reference: string;
            notices_sent: number;
            paid: boolean;
            provider_payment_id: string;
            /** @description notice_pending, failure_email, reminder_N, paid or lapsed */
            stage: string;
        };
        EmailDelivery: {
            attachments: string[] | null;
            attempts: number;
            created_at: string;
            email_type: string;
            error_message: string | null;
            id: number;
            needs_attention: boolean;
            recipient: string;
            /** @description member_override, global_override, member_email or admin_setting */
            recipient_source: string | null;
            resend_of: number | null;
            resent_as: number | null;
            status: "queued" | "sending" | "sent" | "failed" | "unknown";
            updated_at: string;
        };
        Error: {
            /**
             * @description The language-independent name of an error a client acts on (the `error` text is translated for members)
             * @enum {string}
             */
            code?: "CHECKOUT_REPLACED" | "BAD_CSRF";
            error: string;
            errors?: components["schemas"]["ValidationIssue"][];
            /** @description The X-Request-Id of the answer, also on every log line of the request */
            requestId: string;
            /** @constant */
            success: false;
        };
        ExchangeRates: {
            [key: string]: number;
        };
        FinanceDispute: {
            amount_cents: number;
            closed_at: string | null;
            currency: string;
            evidence_due_by: string | null;
            id: number;
            member_id: string | null;
            migration_id: number | null;
            migration_reference: string | null;
            opened_at: string | null;
            payment_id: number | null;
            provider: string;
            provider_dispute_id: string;
            provider_payment_id: string | null;
            reason: string | null;
            /** @description The provider's dispute status (warning_needs_response, needs_response, under_review, won, lost, …) */
            status: string;
        };
        FinanceRefund: {
            amount_cents: number;
            cancellation_id: number | null;
            created_at: string | null;
            currency: string;
            id: number;
            member_id: string | null;
            migration_id: number | null;
            migration_reference: string | null;
            /** @description portal (a cancellation) or provider (made outside the portal) */
            origin: string;
            payment_id: number | null;
            provider: string;
            provider_payment_id: string | null;
            provider_refund_id: string | null;
            reason: string | null;
            refunded_at: string | null;
            /** @description pending, succeeded, failed or canceled */
            status: string;
        };
        InstallmentSchedule: {
            amount: number;
            dueDate: string;
            isReconciliation: boolean;
            paymentNumber: number;
        };
        Job: {
            attempts: number;
            detail: string | null;
            id: number;
            label: string;
            last_error: string | null;
            max_attempts: number;
            next_retry_at: string | null;
            replayable: boolean;
            state: "succeeded" | "failed" | "queued" | "retrying" | "running" | "done" | "dead_letter";
            type: string;
            updated_at: string | null;
        };
        Member: {
            block_reason: string | null;
            citizenship: string | null;
            completed_migrations_count: number;
            created_at: string | null;
            date_of_birth: string | null;
            dhig_member_id: string | null;
            dhig_person_guid: string | null;
            dhig_person_id: string | null;
            email: string | null;
            gender: string | null;
            id: number;
            insured_full_name: string;
            insured_role: string;
            is_blocked: boolean;
            /** @description The member's language of the shop, emails and PDFs; null until known (English) */
            language: "en" | "de" | "fr" | null;
            member_id: string | null;
            original_email: string | null;
            person_id: string | null;
            plan_name: string | null;
            policy_end_date: string | null;
            policy_start_date: string | null;
            principal_id: number | null;
            principal_name: string | null;
            principal_person_id: string | null;
            product_alias: string | null;
            product_name: string | null;
            residence_country: string | null;
            status: string;
        };
        MemberSearchHit: {
            email: string | null;
            id: number;
            insured_full_name: string;
            insured_role: string;
            /** @description Which field starts with the search text */
            matched: "member_id" | "name" | "email";
            member_id: string;
        };
        MessageAnswer: {
            message: string;
            success: boolean;
        };
        MigrationSearchHit: {
            id: number;
            insured_full_name: string;
            member_id_str: string;
            migration_reference: string;
            status: string;
        };
        NoteSearchHit: {
            author: string;
            createdAt: string;
            entityId: number;
            entityType: "member" | "migration";
            /** @description At most 120 characters of the note around the match */
            excerpt: string;
            id: number;
            /** @description The member's name or the migration's reference the note is on */
            label: string;
        };
        Option: {
            example: string;
            label: string;
            value: string;
        };
        Override: {
            created_at: string | null;
            created_by: string | null;
            id: number;
            insured_full_name: string | null;
            member_id: string | null;
            notes: string | null;
            original_email: string | null;
            override_email: string;
            updated_at: string | null;
        };
        PaymentSearchHit: {
            /** @description In `currency`, decimal units */
            amount: number;
            currency: string;
            id: number;
            migration_id: number | null;
            migration_reference: string | null;
            provider_payment_id: string;
            status: string;
        };
        ProductDocument: {
            fileName: string;
            id: number;
            kind: "conditions" | "pre_contract";
            language: "en" | "de" | "fr";
            productName: string;
            size: number;
            uploadedAt: string;
        };
        RateComparison: {
            changed: boolean;
            difference: number | null;
            differencePercent: number | null;
            today: number | null;
            used: number | null;
        };
        RecentMigration: {
            api_status: string;
            completed_at: string | null;
            created_at: string;
            currency: string;
            date_of_birth: string | null;
            document_status: string;
            duration_days: number;
            duration_type: string;
            early_cancellation_reviewed: boolean;
            email: string | null;
            email_status: string;
            end_date: string;
            failure_reason: string | null;
            id: number;
            insured_full_name: string;
            member_id: number | null;
            member_id_str: string | null;
            migration_reference: string;
            number_of_payments: number;
            payment_frequency: string;
            payment_status: string;
            plan_name: string | null;
            product_name: string | null;
            start_date: string;
            status: string;
            subscription_amount: number;
            subscription_cancelled_at: string | null;
            subscription_ends_on: string | null;
            subscription_id: number | null;
            subscription_status: string | null;
            total_amount: number;
            total_amount_usd: number;
        };
        ReconciliationItem: {
            id: number;
            /** @description missing_here, missing_at_provider, amount_differs, currency_differs or status_differs */
            kind: string;
            /** @description charge, refund or dispute */
            object_type: string;
            our_amount_cents: number | null;
            our_currency: string | null;
            our_status: string | null;
            payment_id: number | null;
            payment_key: string | null;
            provider_amount_cents: number | null;
            provider_currency: string | null;
            provider_id: string | null;
            provider_status: string | null;
            run_id: number;
            /** @description stripe or sandbox */
            source: string;
        };
        RefundSearchHit: {
            /** @description In `currency`, decimal units */
            amount: number;
            currency: string;
            id: number;
            migration_id: number | null;
            migration_reference: string | null;
            provider_payment_id: string | null;
            provider_refund_id: string | null;
            status: string;
        };
        SampleRecord: {
            dateOfBirth: string | null;
            email: string | null;
            memberId: string | null;
            name: string;
            personId: string | null;
            principalName: string | null;
            principalPersonId: string | null;
            product: string;
            residenceCountry: string | null;
            role: string;
            row: number;
        };
        SavedView: {
            createdAt: string;
            id: number;
            listParams: {
                filter: {
                    [key: string]: unknown;
                };
                order: "ASC" | "DESC";
                perPage: number;
                sort: string;
            };
            name: string;
            /** @description The list: members, migrations, audit-log, finance/refunds… */
            resource: string;
            updatedAt: string;
        };
        Setting: {
            category: string;
            description: string | null;
            display_name: string;
            id: number;
            is_editable: boolean;
            is_sensitive: boolean;
            overridden_by_environment: boolean;
            setting_key: string;
            setting_type: string;
            setting_value: string | null;
        };
        ShopMember: {
            date_of_birth: string | null;
            email: string | null;
            final_premium: number | null;
            id: number;
            insured_full_name: string;
            insured_role: string;
            member_id: string | null;
            original_email: string | null;
            personal_email: string | null;
            plan_name: string | null;
            policy_end_date: string | null;
            premium_currency: string | null;
            product_alias: string | null;
            product_name: string | null;
            requiresPersonalEmail: boolean;
            sum_insured: number | null;
        };
        SignedInMember: {
            id: number;
            name: string;
        };
        SignInEvent: {
            at: string;
            device: string;
            factor: string;
            ip: string;
            success: boolean;
        };
        SignOutAnswer: {
            signed_out_here: boolean;
            success: boolean;
        };
        SubscriptionFrequency: {
            annual: boolean;
            disabled: boolean;
            monthly: boolean;
            quarterly: boolean;
            "semi-annual": boolean;
        };
        Template: {
            created_at: string | null;
            html_content: string;
            id: number;
            is_active: boolean;
            /** @description The language of this version (en, de, fr); sending falls back to English when a language has no active version */
            language: string;
            name: string;
            subject: string;
            template_type: string;
            updated_at: string | null;
        };
        TemplateVariable: {
            description: string | null;
            name: string;
        };
        ValidationIssue: {
            field: string;
            index?: number;
            message: string;
            meta?: {
                [key: string]: unknown;
            };
            rule?: string;
        };
    };
    responses: {
        /** @description Malformed request */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Conflict with the current state */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Error */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Forbidden (CSRF token or rights) */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Validation failed */
        Invalid: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Request too large */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many attempts */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Authentication required */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Service temporarily unavailable */
        Unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    root: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.root": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "spa.admin": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.not_found.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.not_found.put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.not_found.post": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.not_found.delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.not_found.options": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.not_found.patch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.admin_users.index": {
        parameters: {
            query?: {
                direction?: "asc" | "desc";
                limit?: number;
                page?: number;
                search?: string;
                sort?: "username" | "email" | "role" | "created_at";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admins: components["schemas"]["Admin"][];
                        limit: number;
                        page: number;
                        success: boolean;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.admin_users.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    /** @enum {unknown} */
                    role?: "owner" | "operations" | "finance" | "support";
                    username: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAdminUsersStoreAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.admin_users.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {unknown} */
                    role?: "owner" | "operations" | "finance" | "support";
                    username: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAdminUsersStoreAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.admin_users.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.admin_users.change_password": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword?: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.admin_users.reset_two_factor": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.api_configs.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiConfig"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.api_configs.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    authConfig?: {
                        header?: string | null;
                        key?: string | null;
                        token?: string | null;
                    } | null;
                    authType?: ("none" | "bearer" | "api_key") | null;
                    /** Format: uri */
                    cancellationEndpointUrl?: string | null;
                    enabled?: boolean;
                    /** Format: uri */
                    endpointUrl: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        config: components["schemas"]["ApiConfig"];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.api_configs.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    authConfig?: {
                        header?: string | null;
                        key?: string | null;
                        token?: string | null;
                    } | null;
                    authType?: ("none" | "bearer" | "api_key") | null;
                    /** Format: uri */
                    cancellationEndpointUrl?: string | null;
                    enabled?: boolean;
                    /** Format: uri */
                    endpointUrl: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        config: components["schemas"]["ApiConfig"];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.api_configs.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.audit_log.index": {
        parameters: {
            query?: {
                action?: string;
                actor?: string;
                direction?: "asc" | "desc";
                entityId?: string;
                entityType?: string;
                from?: string;
                limit?: number;
                page?: number;
                sort?: "at" | "actor" | "action" | "entityType";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            action: string;
                            actor: string;
                            after: {
                                [key: string]: unknown;
                            } | null;
                            at: string | null;
                            before: {
                                [key: string]: unknown;
                            } | null;
                            entityId: string | null;
                            entityType: string;
                            id: number;
                        }[];
                        /** @constant */
                        success: true;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.audit_log.export": {
        parameters: {
            query?: {
                action?: string;
                actor?: string;
                direction?: "asc" | "desc";
                entityId?: string;
                entityType?: string;
                format?: "csv" | "xlsx";
                from?: string;
                sort?: "at" | "actor" | "action" | "entityType";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.credit_notes.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.dashboard.charts": {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        days: {
                            completed: number;
                            /** Format: date */
                            date: string;
                            started: number;
                        }[];
                        revenueByCurrency: {
                            amount: number;
                            amountUsd: number;
                            currency: string;
                        }[];
                        statuses: {
                            count: number;
                            status: "pending" | "processing" | "completed" | "completed_with_warnings" | "failed" | "cancelled" | "expired";
                        }[];
                        success: boolean;
                        timezone: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.dashboard.stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: {
                            principals: number;
                            total: number;
                            unmigrated: number;
                            withDisabledProducts: number;
                        };
                        migrations: {
                            completed: number;
                            completedToday: number;
                            failed: number;
                            pending: number;
                            total: number;
                        };
                        products: {
                            disabled: number;
                        };
                        recentMigrations: components["schemas"]["RecentMigration"][];
                        subscriptions: {
                            active: number;
                            canceled: number;
                            earlyCancellations: number;
                            monthlyRevenue: number;
                            totalRevenue: number;
                            totalRevenueByCurrency: {
                                /** @description Paid payments in this currency net of refunds and lost disputes (the same rule as totalRevenue, before conversion) */
                                amount: number;
                                currency: string;
                            }[];
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "data.clean_status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clean: components["schemas"]["CleanRun"] | null;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "data.clean": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmation: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clean: components["schemas"]["CleanRun"];
                        deletedCounts: {
                            members: number;
                            migrations: number;
                        };
                        success: boolean;
                    };
                };
            };
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clean: components["schemas"]["CleanRun"];
                        deletedCounts: {
                            members: number;
                            migrations: number;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "data.confirm_import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cacheKey: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        errors: string[];
                        membersImported: number;
                        membersSkipped: number;
                        membersUnchanged: number;
                        membersUpdated: number;
                        newProductsAdded: number;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "data.preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cacheKey: string;
                        message: string;
                        preview: {
                            allRecords: components["schemas"]["SampleRecord"][];
                            /** @description What confirming will do to the members table (a dry run) */
                            counts: {
                                new: number;
                                skipped: number;
                                unchanged: number;
                                updated: number;
                            };
                            invalidRecords: number;
                            products: string[];
                            sampleRecords: components["schemas"]["SampleRecord"][];
                            totalRecords: number;
                            uniqueMembers: number;
                            validationWarnings: string[];
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            /** @description Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        errors?: components["schemas"]["ValidationIssue"][];
                        fileColumns?: string[];
                        missingColumns?: string[];
                        requestId: string;
                        /** @constant */
                        success: false;
                    };
                };
            };
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "data.preview_errors": {
        parameters: {
            query: {
                cacheKey: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "data.preview_records": {
        parameters: {
            query: {
                cacheKey: string;
                direction?: "asc" | "desc";
                limit?: number;
                page?: number;
                sort?: "name" | "memberId" | "dateOfBirth" | "role" | "principalName" | "residenceCountry" | "product";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limit: number;
                        page: number;
                        records: {
                            dateOfBirth: string;
                            email: string;
                            memberId: string;
                            name: string;
                            personId: string;
                            principalName: string;
                            principalPersonId: string;
                            product: string;
                            residenceCountry: string;
                            role: string;
                            row: number;
                        }[];
                        /** @constant */
                        success: true;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "data.stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stats: {
                            members: number;
                            migrations: number;
                            products: number;
                            subscriptions: number;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.dead_letters.index": {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            api_name: string | null;
                            attempts: number;
                            failed_at: string | null;
                            id: number;
                            idempotency_key: string | null;
                            label: string;
                            last_error: string | null;
                            member_id: string | null;
                            member_name: string | null;
                            migration_id: number | null;
                            migration_reference: string | null;
                            replayable: boolean;
                            type: string;
                        }[];
                        /** @constant */
                        success: true;
                        total: number;
                        /** @description Emails whose delivery is unknown (sender stopped after the hand-off began) and not resent yet: resend them with POST /api/admin/email-deliveries/{id}/resend */
                        unknown_emails: {
                            email_type: string;
                            error: string | null;
                            id: number;
                            migration_id: number | null;
                            migration_reference: string | null;
                            recipient: string;
                            /** @description Resend may send it (a migration's confirmation, admin notification or cancellation alert); invitations are sent again from Unmigrated Users */
                            resendable: boolean;
                            since: string | null;
                            subject: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_deliveries.resend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["EmailDelivery"];
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_overrides.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        overrides: components["schemas"]["Override"][];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_overrides.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    member_id: string;
                    notes?: string | null;
                    /** Format: email */
                    override_email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEmailOverridesShowAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_overrides.search_members": {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: {
                            email: string | null;
                            insured_full_name: string | null;
                            member_id: string | null;
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_overrides.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEmailOverridesShowAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_overrides.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    notes?: string | null;
                    /** Format: email */
                    override_email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEmailOverridesShowAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_overrides.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        templates: components["schemas"]["Template"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    html_content: string;
                    is_active?: boolean;
                    /** @enum {unknown} */
                    language?: "en" | "de" | "fr";
                    name: string;
                    subject: string;
                    /** @enum {unknown} */
                    template_type: "migration_confirmation" | "admin_notification" | "cancellation_alert" | "migration_invitation" | "invitation_reminder" | "link_expiry_reminder" | "payment_failed" | "payment_reminder" | "coverage_lapsed_alert" | "payment_receipt" | "credit_note" | "coverage_cancelled" | "payments_stopped" | "renewal_invitation" | "coverage_expired" | "money_alert" | "delivery_unknown_alert";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEmailTemplatesActivateAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEmailTemplatesActivateAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    html_content: string;
                    is_active?: boolean;
                    /** @enum {unknown} */
                    language?: "en" | "de" | "fr";
                    name: string;
                    subject: string;
                    /** @enum {unknown} */
                    template_type: "migration_confirmation" | "admin_notification" | "cancellation_alert" | "migration_invitation" | "invitation_reminder" | "link_expiry_reminder" | "payment_failed" | "payment_reminder" | "coverage_lapsed_alert" | "payment_receipt" | "credit_note" | "coverage_cancelled" | "payments_stopped" | "renewal_invitation" | "coverage_expired" | "money_alert" | "delivery_unknown_alert";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEmailTemplatesActivateAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.activate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEmailTemplatesActivateAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    html_content: string;
                    subject?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        html: string;
                        subject: string;
                        success: boolean;
                        variables: {
                            [key: string]: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.email_templates.variables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["TemplateVariable"][];
                        migration: components["schemas"]["TemplateVariable"][];
                        payment: components["schemas"]["TemplateVariable"][];
                        success: boolean;
                        system: components["schemas"]["TemplateVariable"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.disputes.index": {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceDispute"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.disputes.export": {
        parameters: {
            query?: {
                filter?: string;
                format?: "csv" | "xlsx";
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.disputes.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceDispute"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.dunning.index": {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DunningCase"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.dunning.export": {
        parameters: {
            query?: {
                filter?: string;
                format?: "csv" | "xlsx";
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.dunning.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DunningCase"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.ledger.export": {
        parameters: {
            query: {
                format: "csv" | "xlsx";
                from: string;
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.reconciliation.index": {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationItem"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.reconciliation.export": {
        parameters: {
            query?: {
                filter?: string;
                format?: "csv" | "xlsx";
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.reconciliation.run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date */
                    from: string;
                    /** Format: date */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: {
                            id: number;
                            mismatches: number;
                            provider_rows: number;
                            status: string;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.reconciliation.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationItem"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.refunds.index": {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceRefund"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.refunds.export": {
        parameters: {
            query?: {
                filter?: string;
                format?: "csv" | "xlsx";
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.finance.refunds.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceRefund"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.unmigrated_users.generate_bulk_tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    memberIds?: number[];
                    search?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blocked: number;
                        count: number;
                        expirationDays: number;
                        links: {
                            expiresAt: string;
                            memberId: number | null;
                            secureLink: string;
                            token: string;
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.unmigrated_users.generate_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    memberId: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expiresAt: string;
                        memberId: number | null;
                        secureLink: string;
                        success: boolean;
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enrolmentToken?: string;
                    password: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLoginAnswer"] | components["schemas"]["AdminSecondStepAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.login.code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLoginAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.login.passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    credential: {
                        authenticatorAttachment?: string;
                        clientExtensionResults: Record<string, never>;
                        id: string;
                        rawId: string;
                        response: {
                            clientDataJSON: string;
                        };
                        type: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLoginAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.login.passkey_options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        options: {
                            [key: string]: unknown;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminMeAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.index": {
        parameters: {
            query?: {
                after?: number;
                before?: number;
                direction?: "asc" | "desc";
                limit?: number;
                page?: number;
                role?: string;
                search?: string;
                sort?: "id" | "member_id" | "insured_full_name" | "insured_role" | "email" | "product_name" | "status";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limit: number;
                        members: components["schemas"]["Member"][];
                        page: number;
                        success: boolean;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    citizenship?: string | null;
                    date_of_birth: string;
                    dhig_member_id?: string | null;
                    dhig_person_guid?: string | null;
                    dhig_person_id?: string | null;
                    /** Format: email */
                    email?: string | null;
                    gender?: ("Male" | "Female" | "Other") | null;
                    insured_full_name: string;
                    /** @enum {unknown} */
                    insured_role: "Principal" | "Spouse" | "Child" | "Dependent";
                    member_id: string;
                    person_id?: string | null;
                    plan_name?: string | null;
                    policy_end_date?: string | null;
                    policy_start_date?: string | null;
                    principal_person_id?: string | null;
                    product_name?: string | null;
                    residence_country?: string | null;
                    /** @enum {unknown} */
                    status?: "Active" | "Inactive" | "Pending";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["Member"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.export": {
        parameters: {
            query?: {
                direction?: "asc" | "desc";
                format?: "csv" | "xlsx";
                role?: string;
                search?: string;
                sort?: "id" | "member_id" | "insured_full_name" | "insured_role" | "email" | "product_name" | "status";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stats: {
                            active_members: number;
                            dependents_count: number;
                            members_with_email: number;
                            principals_count: number;
                            total_members: number;
                            unique_products: number;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["Member"];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    citizenship?: string | null;
                    date_of_birth: string;
                    dhig_member_id?: string | null;
                    dhig_person_guid?: string | null;
                    dhig_person_id?: string | null;
                    /** Format: email */
                    email?: string | null;
                    gender?: ("Male" | "Female" | "Other") | null;
                    insured_full_name: string;
                    /** @enum {unknown} */
                    insured_role: "Principal" | "Spouse" | "Child" | "Dependent";
                    member_id: string;
                    person_id?: string | null;
                    plan_name?: string | null;
                    policy_end_date?: string | null;
                    policy_start_date?: string | null;
                    principal_person_id?: string | null;
                    product_name?: string | null;
                    residence_country?: string | null;
                    /** @enum {unknown} */
                    status?: "Active" | "Inactive" | "Pending";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["Member"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.block": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    action: "block" | "unblock";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blocked: boolean;
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.members.erasure": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmation: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: the member was erased before, nothing changed */
                        erased: boolean;
                        erasedAt: string;
                        memberId: string;
                        /** @description Family members anonymised by this request */
                        members: number;
                        message: string;
                        migrations: number;
                        success: boolean;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false: the member was erased before, nothing changed */
                        erased: boolean;
                        erasedAt: string;
                        memberId: string;
                        /** @description Family members anonymised by this request */
                        members: number;
                        message: string;
                        migrations: number;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.invitations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitations: components["schemas"]["EmailDelivery"][];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.members.bulk_block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    action: "block" | "unblock";
                    memberIds: number[];
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Members blocked or unblocked (already so counts as done) */
                        done: number;
                        message: string;
                        /** @description Members left as they were, with the reason (not a principal, not found) */
                        skipped: {
                            error: string;
                            id: number;
                        }[];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.migrations.index": {
        parameters: {
            query?: {
                direction?: "asc" | "desc";
                from?: string;
                limit?: number;
                search?: string;
                sort?: "created_at" | "migration_reference" | "insured_full_name" | "total_amount" | "duration_days" | "status";
                status?: "pending" | "processing" | "completed" | "completed_with_warnings" | "failed" | "cancelled" | "expired";
                term?: "renewal_due" | "lapsed";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        migrations: components["schemas"]["RecentMigration"][];
                        success: boolean;
                        total: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.migrations.export": {
        parameters: {
            query?: {
                direction?: "asc" | "desc";
                format?: "csv" | "xlsx";
                from?: string;
                search?: string;
                sort?: "created_at" | "migration_reference" | "insured_full_name" | "total_amount" | "duration_days" | "status";
                status?: "pending" | "processing" | "completed" | "completed_with_warnings" | "failed" | "cancelled" | "expired";
                term?: "renewal_due" | "lapsed";
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.migrations.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        migration: {
                            api_status: string;
                            completed_at: string | null;
                            created_at: string | null;
                            currency: string;
                            date_of_birth: string | null;
                            document_status: string;
                            duration_days: number;
                            duration_type: string;
                            early_cancellation_reviewed: boolean;
                            email: string | null;
                            email_deliveries: components["schemas"]["EmailDelivery"][];
                            email_status: string;
                            end_date: string;
                            failure_reason: string | null;
                            id: number;
                            installment_schedule: components["schemas"]["InstallmentSchedule"][];
                            insured_full_name: string;
                            is_blocked: boolean;
                            member_id: number | null;
                            member_id_str: string | null;
                            migration_reference: string;
                            number_of_payments: number;
                            payment_frequency: string;
                            payment_status: string;
                            plan_name: string | null;
                            product_name: string | null;
                            selectedMembers: {
                                calculated_premium: number;
                                date_of_birth: string | null;
                                dhig_member_id: string | null;
                                dhig_person_id: string | null;
                                final_premium: number | null;
                                id: number;
                                insured_full_name: string;
                                insured_role: string;
                                member_db_id: number;
                                member_id: string | null;
                                premium_currency: string | null;
                            }[];
                            start_date: string;
                            status: string;
                            subscription_amount: number;
                            subscription_cancelled_at: string | null;
                            subscription_ends_on: string | null;
                            subscription_id: number | null;
                            subscription_status: string | null;
                            total_amount: number;
                            total_amount_usd: number;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.api_logs": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        logs: {
                            api_name: string;
                            attempt?: number | null;
                            call_type: "enrolment" | "cancellation";
                            created_at: string | null;
                            endpoint: string;
                            error_message: string | null;
                            id: number;
                            idempotency_key?: string | null;
                            member_id: string | null;
                            member_name: string | null;
                            /** @description What was sent to the insurer, as stored with the call: the enrolment or cancellation body (docs/fulfilment.md), its text when it was not JSON */
                            request_payload: Record<string, never> | unknown[] | string | number | boolean | null;
                            /** @description The insurer's answer as it came: its JSON (any shape), or its text when it was not JSON; null when none came */
                            response_payload: Record<string, never> | unknown[] | string | number | boolean | null;
                            response_status: number | null;
                            skipped: boolean;
                            success: boolean;
                        }[];
                        migration: {
                            id: number;
                            insured_full_name: string;
                            member_id_str: string;
                            migration_reference: string;
                        };
                        success: boolean;
                        summary: {
                            attempts: number;
                            calls: number;
                            failed: number;
                            succeeded: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.block": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    action: "block" | "unblock";
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blocked: boolean;
                        message: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.cancellation": {
        parameters: {
            query: {
                effectiveOn?: string;
                params: {
                    id: number;
                };
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancellation: components["schemas"]["CoverageCancellationView"] | null;
                        notCancellable?: string;
                        preview: components["schemas"]["CancellationPreview"] | null;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    effectiveOn: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancellation: components["schemas"]["CoverageCancellationView"];
                        created: boolean;
                        success: boolean;
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cancellation: components["schemas"]["CoverageCancellationView"];
                        created: boolean;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migrations.consents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consents: {
                            /** @description ISO time in UTC */
                            acceptedAt: string;
                            ip: string;
                            language: string;
                            /** @description The words accepted, as shown to the member */
                            text: string;
                            textVersion: string;
                        }[];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.credit_notes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        creditNotes: {
                            amountCents: number;
                            currency: string;
                            id: number;
                            issuedAt: string;
                            language: string;
                            /** @description CN-<year>-<6 digits>, without gaps */
                            number: string;
                            refundId: number;
                        }[];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.disputes": {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceDispute"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migrations.frozen_quote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        quote: {
                            changed: boolean;
                            comparedAt: string;
                            currency: {
                                code: string;
                                rate: components["schemas"]["RateComparison"];
                                state: "enabled" | "disabled" | "removed";
                                surchargePercentage: components["schemas"]["RateComparison"];
                            };
                            members: {
                                id: number;
                                name: string;
                                premiumCurrency: string;
                                rate: components["schemas"]["RateComparison"];
                                role: string;
                            }[];
                            migrationId: number;
                            quotedAt: string | null;
                        };
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.outbox": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calls: {
                            api_name: string;
                            attempts: number;
                            call_type: "enrolment" | "cancellation";
                            idempotency_key: string | null;
                            job_id: number | null;
                            last_attempt_at: string | null;
                            last_error: string | null;
                            member_id: string | null;
                            member_name: string | null;
                            next_retry_at: string | null;
                            response_status: number | null;
                            state: "succeeded" | "failed" | "queued" | "retrying" | "running" | "done" | "dead_letter" | "skipped";
                        }[];
                        jobs: components["schemas"]["Job"][];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.refunds": {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceRefund"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.regenerate_documents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminMigrationsRegenerateDocumentsAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.retry_api": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminMigrationsRegenerateDocumentsAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.migrations.retry_emails": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminMigrationsRegenerateDocumentsAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.notes.index": {
        parameters: {
            query: {
                entityId: number;
                entityType: "member" | "migration";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notes: components["schemas"]["AdminNote"][];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.notes.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                    entityId: number;
                    /** @enum {unknown} */
                    entityType: "member" | "migration";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        note: components["schemas"]["AdminNote"];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.notes.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        note: components["schemas"]["AdminNote"];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.notes.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.outbox.replay": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: components["schemas"]["Job"];
                        message: string;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.product_documents.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        documents: components["schemas"]["ProductDocument"][];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.product_documents.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        document: components["schemas"]["ProductDocument"];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.products.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disabled: boolean;
                        enforce_fixed_end_date: boolean;
                        enforce_fixed_start_date: boolean;
                        fixed_end_date: string | null;
                        fixed_start_date: string | null;
                        id: number;
                        plan_id: string | null;
                        product_alias: string | null;
                        product_name: string | null;
                        subscription_frequencies: components["schemas"]["SubscriptionFrequency"];
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.products.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    disabled: boolean;
                    enforceFixedEndDate: boolean;
                    enforceFixedStartDate: boolean;
                    fixedEndDate?: string | null;
                    fixedStartDate?: string | null;
                    planId?: string | null;
                    productAlias?: string | null;
                    subscriptionFrequencies: {
                        annual: boolean;
                        disabled: boolean;
                        monthly: boolean;
                        quarterly: boolean;
                        "semi-annual": boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        product: {
                            disabled: boolean;
                            enforce_fixed_end_date: boolean;
                            enforce_fixed_start_date: boolean;
                            fixed_end_date: string | null;
                            fixed_start_date: string | null;
                            id: number;
                            plan_id: string | null;
                            product_alias: string | null;
                            product_name: string | null;
                            subscription_frequencies: components["schemas"]["SubscriptionFrequency"];
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.products.refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        products: {
                            disabled: boolean;
                            enforce_fixed_end_date: boolean;
                            enforce_fixed_start_date: boolean;
                            fixed_end_date: string | null;
                            fixed_start_date: string | null;
                            id: number;
                            plan_id: string | null;
                            product_alias: string | null;
                            product_name: string | null;
                            subscription_frequencies: components["schemas"]["SubscriptionFrequency"];
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.saved_views.index": {
        parameters: {
            query?: {
                resource?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        views: components["schemas"]["SavedView"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.saved_views.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    listParams: {
                        filter: {
                            [key: string]: unknown;
                        };
                        /** @enum {unknown} */
                        order: "ASC" | "DESC";
                        perPage: number;
                        sort: string;
                    };
                    name: string;
                    resource: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        view: components["schemas"]["SavedView"];
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        view: components["schemas"]["SavedView"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.saved_views.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.search": {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        disputes?: components["schemas"]["DisputeSearchHit"][];
                        members?: components["schemas"]["MemberSearchHit"][];
                        migrations?: components["schemas"]["MigrationSearchHit"][];
                        notes?: components["schemas"]["NoteSearchHit"][];
                        payments?: components["schemas"]["PaymentSearchHit"][];
                        /** @description The search text as searched (trimmed) */
                        query: string;
                        refunds?: components["schemas"]["RefundSearchHit"][];
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.security.show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSecurityAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.security.sign_out_device": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignOutAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.security.sign_out_everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignOutAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.unmigrated_users.send_invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    memberIds: number[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blocked: number;
                        errors: string[];
                        failed: number;
                        sent: number;
                        skipped: number;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.settings.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: {
                            application: components["schemas"]["Setting"][];
                            branding: components["schemas"]["Setting"][];
                            email: components["schemas"]["Setting"][];
                            formatting: components["schemas"]["Setting"][];
                            payment: components["schemas"]["Setting"][];
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.settings.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSettingsShowAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.settings.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    value: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSettingsShowAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.settings.bulk_update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    updates: {
                        setting_key: string;
                        setting_value: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: components["schemas"]["Setting"][];
                        success: boolean;
                        updated: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.settings.clear_cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.settings.date_formats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSettingsDateFormatsAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.settings.time_formats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSettingsDateFormatsAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.subscriptions.index": {
        parameters: {
            query?: {
                search?: string;
                status?: "active" | "canceled" | "past_due" | "unpaid" | "incomplete" | "incomplete_expired" | "trialing";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscriptions: {
                            cancelled_at: string | null;
                            /** @description Who cancelled the coverage in the portal: admin (Cancel coverage), member (Withdraw) or member_stop (Stop future payments); null when the portal made no cancellation */
                            cancelled_by: string | null;
                            created_at: string;
                            currency: string;
                            current_period_end: string | null;
                            /** @description Dunning of the latest failed installment: notice_pending, failure_email, reminder_N, paid or lapsed; null when none failed */
                            dunning_stage: string | null;
                            early_cancellation_reviewed: boolean;
                            email: string | null;
                            ends_on: string | null;
                            id: number;
                            installment_schedule: components["schemas"]["InstallmentSchedule"][];
                            insured_full_name: string;
                            member_id_str: string | null;
                            migration_id: number | null;
                            migration_reference: string;
                            never_started: boolean;
                            number_of_payments: number;
                            payment_frequency: string;
                            product_name: string | null;
                            provider_subscription_id: string;
                            remaining_days: number | null;
                            status: string;
                            subscription_amount: number;
                            total_amount: number;
                            total_amount_usd: number;
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.subscriptions.export": {
        parameters: {
            query?: {
                direction?: "asc" | "desc";
                format?: "csv" | "xlsx";
                search?: string;
                sort?: "id" | "created_at" | "migration_reference" | "insured_full_name" | "status" | "payment_frequency" | "subscription_amount" | "total_amount_usd" | "cancelled_at" | "current_period_end";
                status?: "active" | "canceled" | "past_due" | "unpaid" | "incomplete" | "incomplete_expired" | "trialing";
                tab?: "all" | "early" | "problematic";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.subscriptions.mark_reviewed": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.subscriptions.payments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payments: {
                            amount: number;
                            created: string;
                            currency: string;
                            hosted_invoice_url: string | null;
                            id: number;
                            paid: boolean;
                            period_end: string | null;
                            period_start: string | null;
                            status: string;
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.subscriptions.early_cancellations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        earlyCancellations: {
                            cancelled_at: string | null;
                            cancelled_by: string | null;
                            created_at: string;
                            currency: string;
                            current_period_end: string | null;
                            /** @description Dunning of the latest failed installment: notice_pending, failure_email, reminder_N, paid or lapsed; null when none failed */
                            dunning_stage: string | null;
                            early_cancellation_reviewed: boolean;
                            email: string | null;
                            ends_on: string | null;
                            id: number;
                            installment_schedule: components["schemas"]["InstallmentSchedule"][];
                            insured_full_name: string;
                            member_id_str: string | null;
                            migration_id: number | null;
                            migration_reference: string;
                            never_started: boolean;
                            number_of_payments: number;
                            payment_frequency: string;
                            product_name: string | null;
                            provider_subscription_id: string;
                            remaining_days: number | null;
                            status: string;
                            subscription_amount: number;
                            total_amount: number;
                            total_amount_usd: number;
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.subscriptions.problematic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        problematicSubscriptions: {
                            cancelled_at: string | null;
                            /** @description Who cancelled the coverage in the portal: admin (Cancel coverage), member (Withdraw) or member_stop (Stop future payments); null when the portal made no cancellation */
                            cancelled_by: string | null;
                            created_at: string;
                            currency: string;
                            current_period_end: string | null;
                            /** @description Dunning of the latest failed installment: notice_pending, failure_email, reminder_N, paid or lapsed; null when none failed */
                            dunning_stage: string | null;
                            early_cancellation_reviewed: boolean;
                            email: string | null;
                            ends_on: string | null;
                            id: number;
                            installment_schedule: components["schemas"]["InstallmentSchedule"][];
                            insured_full_name: string;
                            member_id_str: string | null;
                            migration_id: number | null;
                            migration_reference: string;
                            never_started: boolean;
                            number_of_payments: number;
                            payment_frequency: string;
                            product_name: string | null;
                            provider_subscription_id: string;
                            remaining_days: number | null;
                            status: string;
                            subscription_amount: number;
                            total_amount: number;
                            total_amount_usd: number;
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.subscriptions.stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        stats: {
                            active_count: number;
                            active_total_value: number;
                            early_cancellation_count: number;
                            early_cancellation_value: number;
                            total_subscriptions: number;
                            unpaid_count: number;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.doc_templates.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string | null;
                        document_type: "policy" | "cancellation_confirmation";
                        file_exists: boolean;
                        id: number;
                        plan_name: string | null;
                        product_name: string | null;
                        template_file_path: string;
                    }[];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.doc_templates.store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    documentType?: "policy" | "cancellation_confirmation";
                    planName?: string | null;
                    productName: string;
                    templateFilePath: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        template: {
                            created_at: string | null;
                            document_type: "policy" | "cancellation_confirmation";
                            file_exists: boolean;
                            id: number;
                            plan_name: string | null;
                            product_name: string | null;
                            template_file_path: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.doc_templates.destroy": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.unmigrated_users.token_config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expirationDays: number;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.two_factor.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkeys: {
                            created_at: string;
                            id: number;
                            last_used_at: string | null;
                        }[];
                        recovery_codes_left: number;
                        required: boolean;
                        success: boolean;
                        totp: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.two_factor.passkey_register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    credential: {
                        authenticatorAttachment?: string;
                        clientExtensionResults: Record<string, never>;
                        id: string;
                        rawId: string;
                        response: {
                            clientDataJSON: string;
                        };
                        type: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recovery_codes: string[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.two_factor.passkey_options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        options: {
                            [key: string]: unknown;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.two_factor.totp_start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        otpauth_uri: string;
                        qr_code: string;
                        secret: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.two_factor.totp_confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recovery_codes: string[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "backoffice.unmigrated_users.index": {
        parameters: {
            query?: {
                limit?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        total: number;
                        users: {
                            date_of_birth: string | null;
                            email: string | null;
                            has_valid_token: boolean;
                            id: number;
                            insured_full_name: string;
                            invited_at: string | null;
                            is_blocked: boolean;
                            last_delivery_status: string | null;
                            member_id: string | null;
                            plan_name: string | null;
                            policy_end_date: string | null;
                            policy_start_date: string | null;
                            product_name: string | null;
                            reminders_sent: number;
                            token: string | null;
                            token_expires_at: string | null;
                            token_issued_at: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "auth.login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateOfBirth: string;
                    memberId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthLoginAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "auth.logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "auth.session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authenticated: boolean;
                        member?: components["schemas"]["SignedInMember"];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "auth.validate_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    birthYear: number;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthLoginAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "branding.show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingShowAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "branding.update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accentColor?: string;
                    brandName?: string;
                    errorColor?: string;
                    logoUrl?: string;
                    primaryColor?: string;
                    secondaryColor?: string;
                    successColor?: string;
                    supportEmail?: string;
                    tagline?: string;
                    warningColor?: string;
                    websiteUrl?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrandingShowAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "branding.clear_cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "branding.colors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        colors: {
                            accent: string;
                            error: string;
                            primary: string;
                            secondary: string;
                            success: string;
                            warning: string;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.currencies.update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    surcharge_percentage: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: components["schemas"]["Currency"];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.currencies.index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cacheStatus: components["schemas"]["CacheStatus"];
                        currencies: components["schemas"]["Currency"][];
                        exchangeRates: components["schemas"]["ExchangeRates"];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.currencies.refresh_rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cacheStatus: components["schemas"]["CacheStatus"];
                        rates: components["schemas"]["ExchangeRates"];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "admin.currencies.scheduler_status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scheduler: {
                            refreshRatesTask: {
                                intervalSeconds: number;
                                inThisProcess: boolean;
                                lastError: string | null;
                                lastRunAt: string | null;
                                provider: string | null;
                                providerConfigured: boolean;
                                running: boolean;
                                state: string;
                            };
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "currencies.enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currencies: {
                            code: string;
                            id: number;
                            name: string;
                            symbol: string;
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.docs.asset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.area": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        canPayNow: boolean;
                        /** @description The card the plan is charged to (from the provider, recorded with the latest paid installment); null before any */
                        card: {
                            /** @description Card brand as the payment provider reports it (visa, mastercard, …) */
                            brand: string;
                            /** @description Brand and last four in words, e.g. "Visa •••• 4242" */
                            label: string;
                            /** @description Last four digits */
                            last4: string;
                        } | null;
                        cardUpdatedAt: string | null;
                        /** @description A credit note for every refund of the migration, oldest first */
                        creditNotes: {
                            /** @description The refunded amount, in the currency */
                            amount: number;
                            currency: string;
                            /** @description Download: GET /api/member/credit-notes/{id} */
                            id: number;
                            /** Format: date-time */
                            issuedAt: string;
                            /** @description Numbered without gaps per year, e.g. CN-2026-000042 */
                            number: string;
                        }[];
                        documents: {
                            fileName: string;
                            id: number;
                            memberName: string | null;
                        }[];
                        documentsState: "preparing" | "ready" | "partial" | "skipped" | "failed" | null;
                        migration: {
                            currency: string;
                            endDate: string;
                            id: number;
                            members: {
                                memberId: string | null;
                                name: string;
                                premium: number;
                                role: string;
                            }[];
                            paymentFrequency: "one-time" | "monthly" | "quarterly" | "semi-annual" | "annual";
                            reference: string;
                            startDate: string;
                            status: string;
                            totalAmount: number;
                        } | null;
                        recurring: boolean;
                        schedule: {
                            amount: number;
                            dueDate: string;
                            isReconciliation: boolean;
                            paymentNumber: number;
                            /** @description Paid installments: the id to download its receipt PDF (GET /api/member/receipts/{id}) */
                            receiptId: number | null;
                            status: "paid" | "due" | "failed" | "cancelled";
                        }[];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.card_update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    setupIntentId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cardUpdatedAt: string | null;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.card_setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientSecret: string | null;
                        provider: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        coolingOffDays: number;
                        /** @description The one name of the new coverage (docs/shop.md, "Coverage name") */
                        coverageName: string;
                        /** @description Product documents uploaded: GET /member/product-documents/{kind} */
                        documents: ("conditions" | "pre_contract")[];
                        /** @description The currency the insurer set the limits in: the census premium currency, never converted */
                        limitCurrency: string;
                        /** @description Overall annual limit (sum insured), in limitCurrency */
                        overallLimit: number | null;
                        previousCoverage: {
                            planName: string | null;
                            policyEndDate: string | null;
                            productName: string | null;
                        };
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.credit_note": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["ShopMember"];
                        relatedMembers: components["schemas"]["ShopMember"][];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.language": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    language: "en" | "de" | "fr";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The member's language of the shop, its emails and its PDFs */
                        language: "en" | "de" | "fr";
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.migration_status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blocked: boolean;
                        reason: string | null;
                        reasonCode: string | null;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.my_data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Cancellations and withdrawals */
                            cancellations: {
                                [key: string]: unknown;
                            }[];
                            /** @description Stored documents: name and download link */
                            documents: {
                                [key: string]: unknown;
                            }[];
                            /** @description Addresses an administrator set for their emails, with the notes */
                            email_overrides: {
                                [key: string]: unknown;
                            }[];
                            /** @description Emails sent or queued to the family */
                            emails: {
                                [key: string]: unknown;
                            }[];
                            generated_at: string;
                            /** @description Audit entries about their records: when, what, by whom in kind */
                            history: {
                                [key: string]: unknown;
                            }[];
                            /** @description Calls that told the insurer about them: what was sent and answered */
                            insurer_calls: {
                                [key: string]: unknown;
                            }[];
                            /** @description The principal first, then the dependants: details as held */
                            members: {
                                [key: string]: unknown;
                            }[];
                            /** @description Holds put on the family */
                            migration_blocks: {
                                [key: string]: unknown;
                            }[];
                            /** @description Each migration with its members, installments and consents (texts) */
                            migrations: {
                                [key: string]: unknown;
                            }[];
                            /** @description Payments of the migrations */
                            payments: {
                                [key: string]: unknown;
                            }[];
                            /** @description Refunds of those payments */
                            refunds: {
                                [key: string]: unknown;
                            }[];
                            /** @description Secure sign-in links issued */
                            secure_links: {
                                [key: string]: unknown;
                            }[];
                            /** @description Signed-in devices */
                            sign_ins: {
                                [key: string]: unknown;
                            }[];
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.my_data_pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.pay_now": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invoiceId: string;
                        provider: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.payment_frequencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        durations: {
                            durationDays: number;
                            durationType: "6_months" | "9_months" | "12_months" | "fixed_date";
                            endDate: string;
                            months: number;
                            offeredFrequencies: ("one-time" | "monthly" | "quarterly" | "semi-annual" | "annual")[];
                            startDate: string;
                        }[];
                        enforceFixedEndDate: boolean;
                        fixedEndDate: string | null;
                        fixedStartDate: string | null;
                        frequencies: components["schemas"]["SubscriptionFrequency"];
                        startDate: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.product_document": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "conditions" | "pre_contract";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.receipt": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.renewal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        renewal: {
                            endDate: string;
                            migrationId: number;
                            migrationReference: string;
                            opensOn: string;
                            price: {
                                currency: string;
                                endDate: string;
                                numberOfPayments: number;
                                startDate: string;
                                subscriptionAmount: number;
                                totalAmount: number;
                            };
                            selection: {
                                currency: string;
                                durationType: string;
                                memberIds: number[];
                                paymentFrequency: string;
                            };
                        } | null;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "auth.logout_everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignOutAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.stop_payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        quote: {
                            coveredUntil: string;
                            currency: string;
                            paidCents: number;
                            refundCents: number;
                            unpaidCents: number;
                            unpaidCount: number;
                        } | null;
                        stopped: {
                            coveredUntil: string;
                            currency: string;
                            refundCents: number;
                            status: string;
                        } | null;
                        /** @constant */
                        success: true;
                        supportEmail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.stop_payments_confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    coveredUntil: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        quote: {
                            coveredUntil: string;
                            currency: string;
                            paidCents: number;
                            refundCents: number;
                            unpaidCents: number;
                            unpaidCount: number;
                        } | null;
                        stopped: {
                            coveredUntil: string;
                            currency: string;
                            refundCents: number;
                            status: string;
                        } | null;
                        /** @constant */
                        success: true;
                        supportEmail: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.update_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    newEmail: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["ShopMember"];
                        message: string;
                        relatedMembers: components["schemas"]["ShopMember"][];
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.withdrawal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offer: {
                            coolingOffEndsOn: string;
                            coveredUntil: string;
                            currency: string;
                            refundCents: number;
                        } | null;
                        /** @constant */
                        success: true;
                        supportEmail: string;
                        withdrawal: {
                            coveredUntil: string;
                            currency: string;
                            refundCents: number;
                            status: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "member.withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offer: {
                            coolingOffEndsOn: string;
                            coveredUntil: string;
                            currency: string;
                            refundCents: number;
                        } | null;
                        /** @constant */
                        success: true;
                        supportEmail: string;
                        withdrawal: {
                            coveredUntil: string;
                            currency: string;
                            refundCents: number;
                            status: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migration.show": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        migration: {
                            currency: string;
                            migrationId: number;
                            migrationReference: string;
                            paymentFrequency: "one-time" | "monthly" | "quarterly" | "semi-annual" | "annual";
                            paymentStatus: string;
                            status: string;
                            totalAmount: number;
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migration.resume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calculations: components["schemas"]["Calculation"][];
                        /** @description Stripe: null until the consent is recorded (POST /migration/{id}/consent answers it); the sandbox's own id */
                        clientSecret: string | null;
                        consentTerms: components["schemas"]["ConsentTerms"];
                        currency: string;
                        durationDays: number;
                        durationType: "6_months" | "9_months" | "12_months" | "fixed_date";
                        endDate: string;
                        exchangeRate: number;
                        installmentSchedule: components["schemas"]["InstallmentSchedule"][];
                        migrationId: number;
                        migrationReference: string;
                        numberOfPayments: number;
                        paymentFrequency: "one-time" | "monthly" | "quarterly" | "semi-annual" | "annual";
                        paymentType: string;
                        provider: string;
                        startDate: string;
                        subscriptionAmount: number;
                        success: boolean;
                        surchargePercentage: number;
                        totalAmount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migration.consent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    language: "en" | "de" | "fr";
                    textVersion: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The payment's secret for the card form */
                        clientSecret: string;
                        consent: {
                            /** @description ISO time in UTC */
                            acceptedAt: string;
                            language: string;
                            /** @description The words accepted, as shown */
                            text: string;
                            textVersion: string;
                        };
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migration.sandbox_confirm": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        migrationId: number | null;
                        migrationReference: string;
                        status: string;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migration.calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currency: string;
                    /** @enum {unknown} */
                    durationType: "6_months" | "9_months" | "12_months" | "fixed_date";
                    fixedEndDate?: string | null;
                    memberIds: number[];
                    /** @enum {unknown} */
                    paymentFrequency: "one-time" | "monthly" | "quarterly" | "semi-annual" | "annual";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calculations: components["schemas"]["Calculation"][];
                        currency: string;
                        durationDays: number;
                        durationType: "6_months" | "9_months" | "12_months" | "fixed_date";
                        endDate: string;
                        exchangeRate: number;
                        installmentSchedule: components["schemas"]["InstallmentSchedule"][];
                        numberOfPayments: number;
                        paymentFrequency: "one-time" | "monthly" | "quarterly" | "semi-annual" | "annual";
                        startDate: string;
                        subscriptionAmount: number;
                        success: boolean;
                        surchargePercentage: number;
                        totalAmount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migration.create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currency: string;
                    /** @enum {unknown} */
                    durationType: "6_months" | "9_months" | "12_months" | "fixed_date";
                    idempotencyKey?: string;
                    memberIds: number[];
                    /** @enum {unknown} */
                    paymentFrequency: "one-time" | "monthly" | "quarterly" | "semi-annual" | "annual";
                    renewalOf?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        calculations: components["schemas"]["Calculation"][];
                        /** @description Stripe: null until the consent is recorded (POST /migration/{id}/consent answers it); the sandbox's own id */
                        clientSecret: string | null;
                        consentTerms: components["schemas"]["ConsentTerms"];
                        currency: string;
                        durationDays: number;
                        durationType: "6_months" | "9_months" | "12_months" | "fixed_date";
                        endDate: string;
                        exchangeRate: number;
                        installmentSchedule: components["schemas"]["InstallmentSchedule"][];
                        migrationId: number;
                        migrationReference: string;
                        numberOfPayments: number;
                        paymentFrequency: "one-time" | "monthly" | "quarterly" | "semi-annual" | "annual";
                        paymentType: string;
                        provider: string;
                        startDate: string;
                        subscriptionAmount: number;
                        success: boolean;
                        surchargePercentage: number;
                        totalAmount: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "migration.current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        migrationId: number | null;
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "api.openapi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        paths: {
                            [key: string]: Record<string, never>;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "payments.config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider: string;
                        publishableKey: string | null;
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "settings.formatting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: {
                            formatting: {
                                setting_key: string;
                                setting_value: string | null;
                            }[];
                        };
                        success: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "webhooks.stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Why the event was recorded without being applied */
                        ignored?: string;
                        received: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "health.live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "live";
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "health.ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            [key: string]: string;
                        };
                        /** @constant */
                        status: "ready";
                        /** @constant */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "metrics.show": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "shop.root": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
    "spa.shop": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                path: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            422: components["responses"]["Invalid"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
            default: components["responses"]["Error"];
        };
    };
}
