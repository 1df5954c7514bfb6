import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

extension WebApp {
    /// The ledger's routes under `/api/v1/ledger`.
    static func addLedgerRoutes(to ledger: inout APIRouteTable) {
        let listParameters: [APIParameter] = [
            .query("month", APIMonths.schema), .query("category", JSONSchema.string(maxLength: Ledger.maxCategoryLength,
                                                                          description: "Only this category (one that no transaction can have, such as one with a line break, matches none).")),
            .query("kind", JSONSchema.string(values: TransactionKind.allCases.map(\.rawValue))), .query("currency", APIMoney.currencySchema),
            .query("account", JSONSchema.uuid, description: "Only this money account's transactions (for a default account also those of its currency stored without one)."),
        ]
        addRecordRoutes(to: &ledger, base: "/transactions", noun: "transaction", name: "Transaction", images: false, listParameters: listParameters,
                        input: APITransactionInput.self, patch: APITransactionPatch.self,
                        list: { app, request in try app.apiListTransactions(request) },
                        trash: { app, request in try app.apiListTransactions(request, trash: .trashed) },
                        search: { app, request in try app.apiSearchLedger(request) },
                        create: { app, request, body in try await app.apiCreateTransaction(request, body) },
                        update: { app, request, body in try app.apiUpdateTransaction(request, body) },
                        resource: { $0.ledgerResource })
        let receipt = "/transactions/{id:uuid}/receipt"
        ledger.json(.get, receipt, APIDoc("getReceipt", "The receipt's facts", answer: "The receipt.", parameters: [.recordID, .ifNoneMatch],
                                          etag: true, notModified: true)) { app, request in
            let (transaction, image) = try app.apiReceipt(request)
            let sizes = app.store.options.thumbnailSizes.map(\.maxPixels)
            return try APIAnswer(APIImage(image, base: APITransaction.path(transaction.id) + "/receipt", sizes: sizes), version: transaction.version, request: request)
        }
        ledger.photos(.put, receipt, APIDoc("attachReceipt", "Attach or replace the receipt", answer: "The transaction.",
                                            parameters: [.recordID, .idempotencyKey, .ifMatch], etag: true), single: true) { app, request in
            try await app.apiAttachReceipt(request)
        }
        ledger.json(.delete, receipt, APIDoc("removeReceipt", "Remove the receipt", answer: "The transaction.", parameters: [.recordID, .ifMatch],
                                             etag: true)) { app, request in try app.apiRemoveReceipt(request) }
        ledger.raw(.get, receipt + "/original", APIDoc("downloadReceipt", "The receipt's original", answer: "The bytes.",
                                                       parameters: [.recordID, .range, .ifRange, .ifNoneMatch]),
                   responses: APIDocument.imageBytesResponses) { app, request in
            try app.apiImageBytes(try app.apiReceipt(request).1, size: nil, request: request)
        }
        ledger.raw(.get, receipt + "/thumbnails/{size:size}", APIDoc("downloadReceiptThumbnail", "A thumbnail of the receipt", answer: "The bytes.",
                                                                    parameters: [.recordID, .thumbnailSize(ledger.thumbnailSizes), .range, .ifRange, .ifNoneMatch]),
                   responses: APIDocument.imageBytesResponses) { app, request in
            try app.apiImageBytes(try app.apiReceipt(request).1, size: Int(request.parameters["size"] ?? ""), request: request)
        }
        addAccountRoutes(to: &ledger)
        ledger.json(.get, "/reports/monthly", APIDoc("getMonthlyReport", "Totals per month", answer: "Twelve months, January first.",
                                                     parameters: [.year])) { app, request in try app.apiMonthlyReport(request) }
        ledger.json(.get, "/reports/categories", APIDoc("getCategoryReport", "Totals per category", answer: "Per currency and category.",
                                                        parameters: [.year, .reportMonth])) { app, request in try app.apiCategoryReport(request) }
        ledger.raw(.get, "/export.csv", APIDoc("exportLedgerCSV", "Every transaction as CSV", answer: "id,date,kind,amount,currency,category,memo,splits",
                                               parameters: [.query("trash", JSONSchema.boolean(defaultValue: false), description: "Include the trashed transactions.")]),
                   responses: ["200": ["description": "id,date,kind,amount,currency,category,memo,splits", "content": ["text/csv": ["schema": ["type": "string"]]]]]) { app, request in
            try app.apiExportCSV(request)
        }
        addRecurringRoutes(to: &ledger)
        addBudgetRoutes(to: &ledger)
    }
}
