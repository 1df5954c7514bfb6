import Foundation
import KeepsakeStore
import KeepsakeSupport

/// A page of the change feed (`GET /api/v1/changes`).
struct APIChangePage: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["changes", "next", "hasMore", "latest"], [
            "changes": JSONSchema.array(Change.reference), "next": JSONSchema.integer(description: "The after= of the next call."),
            "hasMore": JSONSchema.boolean(), "latest": JSONSchema.integer(description: "The newest sequence in the store."),
        ])
    }

    /// One change, with the record as it is now.
    struct Change: APIResponseBody {
        static var schema: JSONValue {
            JSONSchema.object(required: ["sequence", "kind", "collection", "id", "at", "deleted", "record"], [
                "sequence": JSONSchema.integer(), "kind": JSONSchema.string(values: ChangeKind.allCases.map(\.rawValue)),
                "collection": JSONSchema.string(), "id": JSONSchema.uuid, "at": JSONSchema.timestamp,
                "deleted": JSONSchema.boolean(description: "A tombstone: the record is gone for good, or no longer readable by the caller (kind left: moved to a book it does not read, its membership ended, its book deleted); a mirror drops it."),
                "record": ["description": "The record as it is now (a DiaryEntry, Transaction, Post, Budget or RecurringRule by collection; in ledger-account a LedgerAccount, with its balance today, or a Transfer), or null for a tombstone. Kind shared: a record the caller has just been given (added to its book); a mirror stores it.",
                           "oneOf": [["type": "null"], APIDiaryEntry.reference, APITransaction.reference, APIPost.reference, APIBudget.reference, APIRecurringRule.reference,
                                     APILedgerAccount.reference, APITransfer.reference]],
            ])
        }

        let sequence: Int64
        let kind, collection, id: String
        let at: Date
        let deleted: Bool
        @APINull var record: APIRecordBody?
    }

    let changes: [Change]
    let next: Int64
    let hasMore: Bool
    let latest: Int64
}
