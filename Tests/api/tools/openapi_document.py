"""Writes the API's OpenAPI 3.1 document into Sources/KeepsakeWeb/API/APIDocument.swift (the
document the server serves at /api/v1/openapi.json). Edit the routes (WebApp+APIRoutes.swift), this
description and docs/API.md together, then run `python3 Tests/api/tools/openapi_document.py`;
APIDocumentTests checks the routes and the document against each other, and Tests/api/run.sh checks
that the served document is the one this script writes."""
import json
import sys
from pathlib import Path

P = lambda name: {"$ref": "#/components/parameters/" + name}
S = lambda name: {"$ref": "#/components/schemas/" + name}
R = lambda name: {"$ref": "#/components/responses/" + name}
def nullable(t, **kw): return {"type": [t, "null"], **kw}
ts = {"type": "string", "format": "date-time"}
tsn = {"type": ["string", "null"], "format": "date-time"}

def json_resp(desc, schema, etag=False, location=False):
    r = {"description": desc, "content": {"application/json": {"schema": schema}}}
    h = {}
    if etag: h["ETag"] = {"$ref": "#/components/headers/ETag"}
    if location: h["Location"] = {"$ref": "#/components/headers/Location"}
    if h: r["headers"] = h
    return r

def op(summary, opid, tag, responses, params=None, body=None, desc=None):
    o = {"operationId": opid, "summary": summary, "tags": [tag], "responses": dict(responses)}
    if desc: o["description"] = desc
    if params: o["parameters"] = params
    if body: o["requestBody"] = body
    o["responses"]["default"] = R("Problem")
    return o

def json_body(schema, multipart_field=None, desc=None):
    c = {"application/json": {"schema": schema}}
    if multipart_field:
        c["multipart/form-data"] = {"schema": {"type": "object", "required": [multipart_field], "properties": {
            multipart_field: {"type": "string", "description": "The JSON object, as text."},
            "image": {"type": "array", "items": {"type": "string", "contentMediaType": "application/octet-stream"}}}},
            "encoding": {"image": {"contentType": "image/*"}}}
    b = {"required": True, "content": c}
    if desc: b["description"] = desc
    return b

image_body = {"required": True, "content": {
    "multipart/form-data": {"schema": {"type": "object", "required": ["image"], "properties": {
        "image": {"type": "array", "minItems": 1, "items": {"type": "string", "contentMediaType": "application/octet-stream"}}}},
        "encoding": {"image": {"contentType": "image/*"}}},
    "image/jpeg": {"schema": {"type": "string", "contentMediaType": "image/jpeg"}},
    "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
    "image/webp": {"schema": {"type": "string", "contentMediaType": "image/webp"}},
    "image/heic": {"schema": {"type": "string", "contentMediaType": "image/heic"}},
    "image/avif": {"schema": {"type": "string", "contentMediaType": "image/avif"}},
    "image/gif": {"schema": {"type": "string", "contentMediaType": "image/gif"}},
    "application/octet-stream": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}}
single_image_body = json.loads(json.dumps(image_body))
single_image_body["content"]["multipart/form-data"]["schema"]["properties"]["image"]["maxItems"] = 1

bytes_responses = {
    "200": {"description": "The bytes.", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Accept-Ranges": {"schema": {"type": "string"}}},
            "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}},
    "206": {"description": "The byte range asked for (`Range`).", "headers": {"Content-Range": {"schema": {"type": "string"}}},
            "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}},
    "304": {"description": "Not modified (`If-None-Match` names this image's ETag)."},
    "307": {"description": "The image is at another address (`Location`), for blob stores that hand out URLs."},
}

paths = {}
def add(path, method, o):
    paths.setdefault(path, {})[method] = o

add("/api/v1/openapi.json", "get", op("This document", "getOpenAPI", "meta", {"200": {"description": "The OpenAPI 3.1 document.", "content": {"application/json": {"schema": {"type": "object"}}}}}))
add("/api/v1/changes", "get", op("The change feed, for keeping a mirror", "listChanges", "sync",
    {"200": json_resp("Changes after `after`, oldest first.", S("ChangePage"))},
    params=[{"name": "after", "in": "query", "schema": {"type": "integer", "minimum": 0, "default": 0}, "description": "The `next` of the previous page (0 for a first sync)."},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}},
            {"name": "wait", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 30, "default": 0}, "description": "Seconds to wait for a change when there is none yet (a long poll)."}],
    desc="Every change after `after`, each with the record as it is now or, for a record purged since, a tombstone (`deleted: true`, `record: null`). A record appears once per page, at its last change. Resume with `after` = `next`; repeat while `hasMore`."))
add("/api/v1/store/status", "get", op("Store status", "getStoreStatus", "store", {"200": json_resp("Counts and sizes.", S("StoreStatus"))}))
add("/api/v1/store/fsck", "post", op("Check the store", "runFsck", "store", {"200": json_resp("The check's report.", S("FsckReport"))},
    params=[{"name": "repair", "in": "query", "schema": {"type": "boolean", "default": False}}, {"name": "hashes", "in": "query", "schema": {"type": "boolean", "default": True}}]))

def crud(prefix, coll, item, page, inp, patch, multipart_field, tag, names, images=True):
    one, many = names
    base = f"/api/v1/{prefix}"
    add(base, "get", None)
def record_ops(tag, base, item_schema, page_schema, input_schema, patch_schema, field, one, Opid, list_params, images):
    add(base, "get", op(f"List {one}s, newest first", f"list{Opid}s", tag, {"200": json_resp("One page.", S(page_schema))}, params=[P("Limit"), P("After")] + list_params))
    created = json_resp(f"The new {one}.", S(item_schema), etag=True, location=True)
    follow = ["get", "update", "trash", "restore"] + (["list%sImages", "add%sImages"] if images else [])
    created["links"] = {name.replace("%s", "").capitalize() if "%s" in name else name.capitalize():
                        {"operationId": (name % Opid) if "%s" in name else name + Opid, "parameters": {"id": "$response.body#/id"}}
                        for name in follow}
    add(base, "post", op(f"Create a {one}", f"create{Opid}", tag, {"201": created},
        params=[P("IdempotencyKey")], body=json_body(S(input_schema), field)))
    rid = base + "/{id}"
    add(rid, "get", op(f"Read a {one}", f"get{Opid}", tag, {"200": json_resp(f"The {one}.", S(item_schema), etag=True), "304": {"description": "Not modified."}}, params=[P("RecordId"), P("IfNoneMatch")]))
    add(rid, "patch", op(f"Change a {one}", f"update{Opid}", tag, {"200": json_resp(f"The changed {one}.", S(item_schema), etag=True)},
        params=[P("RecordId"), P("IfMatch")], body=json_body(S(patch_schema))))
    add(rid, "delete", op(f"Move a {one} to the trash", f"trash{Opid}", tag, {"200": json_resp(f"The trashed {one}.", S(item_schema), etag=True)}, params=[P("RecordId"), P("IfMatch")]))
    add(rid + "/restore", "post", op(f"Restore a {one} from the trash", f"restore{Opid}", tag, {"200": json_resp(f"The restored {one}.", S(item_schema), etag=True)}, params=[P("RecordId"), P("IfMatch")]))
    if images:
        ib = rid + "/images"
        add(ib, "get", op(f"The photos of a {one}", f"list{Opid}Images", tag, {"200": json_resp("The photos in order.", S("ImageList"), etag=True)}, params=[P("RecordId")]))
        add(ib, "post", op(f"Add photos to a {one}", f"add{Opid}Images", tag, {"201": json_resp(f"The {one} with its new photos.", S(item_schema), etag=True)},
            params=[P("RecordId"), P("IdempotencyKey"), P("IfMatch"), {"name": "position", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 1000}, "description": "Insert before this position (default: at the end)."}],
            body=image_body))
        add(ib, "put", op(f"Reorder the photos of a {one}", f"reorder{Opid}Images", tag, {"200": json_resp(f"The {one}.", S(item_schema), etag=True)},
            params=[P("RecordId"), P("IfMatch")], body=json_body(S("ImageOrder"))))
        ia = ib + "/{attachment}"
        add(ia, "get", op("One photo's facts", f"get{Opid}Image", tag, {"200": json_resp("The photo.", S("Image"), etag=True), "304": {"description": "Not modified."}}, params=[P("RecordId"), P("AttachmentId")]))
        add(ia, "put", op("Replace one photo", f"replace{Opid}Image", tag, {"200": json_resp(f"The {one}.", S(item_schema), etag=True)},
            params=[P("RecordId"), P("AttachmentId"), P("IdempotencyKey"), P("IfMatch")], body=single_image_body))
        add(ia, "delete", op("Remove one photo", f"remove{Opid}Image", tag, {"200": json_resp(f"The {one}.", S(item_schema), etag=True)}, params=[P("RecordId"), P("AttachmentId"), P("IfMatch")]))
        add(ia + "/original", "get", op("The original photo", f"download{Opid}Image", tag, bytes_responses, params=[P("RecordId"), P("AttachmentId"), P("Range"), P("IfRange"), P("IfNoneMatch")]))
        add(ia + "/thumbnails/{size}", "get", op("A thumbnail of the photo", f"download{Opid}Thumbnail", tag, bytes_responses, params=[P("RecordId"), P("AttachmentId"), P("ThumbnailSize"), P("Range"), P("IfRange"), P("IfNoneMatch")]))

record_ops("diary", "/api/v1/diary/entries", "DiaryEntry", "DiaryEntryPage", "DiaryEntryInput", "DiaryEntryPatch", "entry", "diary entry", "DiaryEntry",
    [{"name": "emotion", "in": "query", "schema": S("Emotion")}, {"name": "tag", "in": "query", "schema": {"type": "string", "maxLength": 30}},
     {"name": "from", "in": "query", "schema": ts, "description": "With until: entries whose moment is in [from, until)."}, {"name": "until", "in": "query", "schema": ts}], True)
record_ops("ledger", "/api/v1/ledger/transactions", "Transaction", "TransactionPage", "TransactionInput", "TransactionPatch", "transaction", "transaction", "Transaction",
    [{"name": "month", "in": "query", "schema": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"}}, {"name": "category", "in": "query", "schema": {"type": "string", "maxLength": 50}},
     {"name": "kind", "in": "query", "schema": {"type": "string", "enum": ["expense", "income"]}}, {"name": "currency", "in": "query", "schema": {"type": "string", "pattern": "^[A-Za-z]{3}$"}}], False)
record_ops("feed", "/api/v1/feed/posts", "Post", "PostPage", "PostInput", "PostPatch", "post", "post", "Post", [], True)

for tag, base, page, opid in [("diary", "/api/v1/diary", "DiaryEntryPage", "DiaryEntry"), ("ledger", "/api/v1/ledger", "TransactionPage", "Transaction"), ("feed", "/api/v1/feed", "PostPage", "Post")]:
    add(base + "/trash", "get", op("What is in the trash", f"list{opid}Trash", tag, {"200": json_resp("One page.", S(page))}, params=[P("Limit"), P("After")]))
    add(base + "/trash/{id}", "delete", op("Purge one record from the trash, for good", f"purge{opid}", tag, {"204": {"description": "Gone for good; the change feed has its tombstone."}}, params=[P("RecordId"), P("IfMatch")]))
    lst = {"DiaryEntry": "DiaryEntryList", "Transaction": "TransactionList", "Post": "PostList"}[opid]
    add(base + "/search", "get", op("Full-text search", f"search{opid}s", tag, {"200": json_resp("Matches, newest first.", S(lst))},
        params=[{"name": "q", "in": "query", "required": True, "schema": {"type": "string", "minLength": 1, "maxLength": 500}}, {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 50}}]))

add("/api/v1/diary/calendar", "get", op("A month's calendar", "getDiaryCalendar", "diary", {"200": json_resp("Each day with entries.", S("Calendar"))},
    params=[{"name": "month", "in": "query", "required": True, "schema": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"}}]))
add("/api/v1/diary/statistics", "get", op("Emotion statistics per week or month", "getDiaryStatistics", "diary", {"200": json_resp("One entry per period.", S("Statistics"))},
    params=[{"name": "from", "in": "query", "required": True, "schema": {"type": "string", "format": "date"}},
            {"name": "until", "in": "query", "required": True, "schema": {"type": "string", "format": "date"}, "description": "Not included."},
            {"name": "period", "in": "query", "schema": {"type": "string", "enum": ["week", "month"], "default": "month"}},
            {"name": "timeZone", "in": "query", "schema": {"type": "string", "default": "UTC"}}]))

rid = "/api/v1/ledger/transactions/{id}/receipt"
add(rid, "get", op("The receipt's facts", "getReceipt", "ledger", {"200": json_resp("The receipt.", S("Image"), etag=True), "304": {"description": "Not modified."}}, params=[P("RecordId")]))
add(rid, "put", op("Attach or replace the receipt", "attachReceipt", "ledger", {"200": json_resp("The transaction.", S("Transaction"), etag=True)}, params=[P("RecordId"), P("IdempotencyKey"), P("IfMatch")], body=single_image_body))
add(rid, "delete", op("Remove the receipt", "removeReceipt", "ledger", {"200": json_resp("The transaction.", S("Transaction"), etag=True)}, params=[P("RecordId"), P("IfMatch")]))
add(rid + "/original", "get", op("The receipt's original", "downloadReceipt", "ledger", bytes_responses, params=[P("RecordId"), P("Range"), P("IfRange"), P("IfNoneMatch")]))
add(rid + "/thumbnails/{size}", "get", op("A thumbnail of the receipt", "downloadReceiptThumbnail", "ledger", bytes_responses, params=[P("RecordId"), P("ThumbnailSize"), P("Range"), P("IfRange"), P("IfNoneMatch")]))
add("/api/v1/ledger/reports/monthly", "get", op("Totals per month", "getMonthlyReport", "ledger", {"200": json_resp("Twelve months, January first.", S("MonthlyReport"))},
    params=[{"name": "year", "in": "query", "required": True, "schema": {"type": "integer", "minimum": 1, "maximum": 9999}}]))
add("/api/v1/ledger/reports/categories", "get", op("Totals per category", "getCategoryReport", "ledger", {"200": json_resp("Per currency and category.", S("CategoryReport"))},
    params=[{"name": "year", "in": "query", "required": True, "schema": {"type": "integer", "minimum": 1, "maximum": 9999}}, {"name": "month", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 12}}]))
add("/api/v1/ledger/export.csv", "get", op("Every transaction as CSV", "exportLedgerCSV", "ledger",
    {"200": {"description": "id,date,kind,amount,currency,category,memo", "content": {"text/csv": {"schema": {"type": "string"}}}}},
    params=[{"name": "trash", "in": "query", "schema": {"type": "boolean", "default": False}, "description": "Include the trashed transactions."}]))

emotions = ["joy", "calm", "gratitude", "love", "excitement", "sadness", "anger", "anxiety", "fear", "tiredness"]
image = {"type": "object", "additionalProperties": False,
    "required": ["id", "position", "mediaType", "width", "height", "byteSize", "sha256", "capturedAt", "createdAt", "original", "thumbnails"],
    "properties": {"id": {"type": "integer", "minimum": 1}, "position": {"type": "integer", "minimum": 0}, "mediaType": {"type": "string"},
        "width": {"type": "integer"}, "height": {"type": "integer"}, "byteSize": {"type": "integer"}, "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "capturedAt": tsn, "createdAt": ts, "original": {"type": "string"}, "thumbnails": {"type": "object", "additionalProperties": {"type": "string"}}}}
def obj(req, props, extra=None):
    o = {"type": "object", "additionalProperties": False, "required": req, "properties": props}
    if extra: o.update(extra)
    return o
common = {"id": {"type": "string", "format": "uuid"}, "version": {"type": "integer", "minimum": 1}, "createdAt": ts, "updatedAt": ts, "trashedAt": tsn}
diary_entry = obj(["id", "version", "moment", "timeZone", "day", "emotion", "intensity", "title", "text", "tags", "images", "createdAt", "updatedAt", "trashedAt"],
    {**common, "moment": ts, "timeZone": {"type": "string"}, "day": {"type": "string", "format": "date"}, "emotion": S("Emotion"), "intensity": {"type": "integer", "minimum": 1, "maximum": 5},
     "title": nullable("string"), "text": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}, "images": {"type": "array", "items": S("Image")}})
diary_props = {"moment": ts, "timeZone": {"type": "string", "description": "An IANA name such as Asia/Seoul (default: the server's)."}, "emotion": S("Emotion"),
    "intensity": {"type": "integer", "minimum": 1, "maximum": 5}, "title": {"type": ["string", "null"], "maxLength": 100}, "text": {"type": "string", "maxLength": 50000},
    "tags": {"type": "array", "maxItems": 20, "items": {"type": "string", "maxLength": 30}}}
money = {"type": "string", "description": "A decimal amount in the currency's units, such as 12.50 or 12000."}
transaction = obj(["id", "version", "date", "kind", "amount", "currency", "minorUnits", "category", "memo", "receipt", "createdAt", "updatedAt", "trashedAt"],
    {**common, "date": {"type": "string", "format": "date"}, "kind": {"type": "string", "enum": ["expense", "income"]}, "amount": money, "currency": {"type": "string"},
     "minorUnits": {"type": "integer"}, "category": {"type": "string"}, "memo": {"type": "string"}, "receipt": {"oneOf": [S("Image"), {"type": "null"}]}})
tx_props = {"date": {"type": "string", "format": "date"}, "kind": {"type": "string", "enum": ["expense", "income"]}, "amount": money,
    "currency": {"type": "string", "description": "ISO 4217, such as KRW or USD."}, "category": {"type": "string", "maxLength": 50}, "memo": {"type": "string", "maxLength": 2000}}
post = obj(["id", "version", "title", "contents", "date", "images", "createdAt", "updatedAt", "trashedAt"],
    {**common, "title": {"type": "string"}, "contents": {"type": "string"}, "date": ts, "images": {"type": "array", "items": S("Image")}})
post_props = {"title": {"type": "string", "maxLength": 200}, "contents": {"type": "string", "maxLength": 10000}, "date": ts}
def page(item): return obj(["items", "nextCursor"], {"items": {"type": "array", "items": S(item)}, "nextCursor": {"type": ["string", "null"], "description": "Pass as after= for the next page; null on the last."}})
def lst(item): return obj(["items"], {"items": {"type": "array", "items": S(item)}})
counts = {"type": "object", "additionalProperties": {"type": "integer"}}
totals = obj(["currency", "income", "expense", "balance", "transactionCount"], {"currency": {"type": "string"}, "income": {"type": "string"}, "expense": {"type": "string"}, "balance": {"type": "string"}, "transactionCount": {"type": "integer"}})
finding = obj(["recordID", "attachmentID", "path"], {"recordID": {"type": "string"}, "attachmentID": {"type": "integer"}, "path": {"type": "string"}})
strs = {"type": "array", "items": {"type": "string"}}
backend = obj(["kind", "location", "figures"], {"kind": {"type": "string"}, "location": {"type": "string"}, "figures": {"type": "array", "items": obj(["label", "value"], {"label": {"type": "string"}, "value": {"type": "string"}})}})
schemas = {
    "Problem": {"type": "object", "required": ["type", "title", "status", "detail", "code"], "description": "RFC 9457 problem details with Keepsake's code and remedy.",
        "properties": {"type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"}, "detail": {"type": "string"},
            "code": {"type": "string", "description": "A KeepsakeError code (notFound, invalidArgument, conflict, …) or one of the API's own (unauthorized, forbidden, methodNotAllowed, preconditionFailed, idempotencyKeyMissing, idempotencyKeyReused, idempotencyKeyInProgress, unsupportedMediaType, tooManyRequests, rangeNotSatisfiable)."},
            "remedy": {"type": "string"}, "remedyText": {"type": "string"}}},
    "Emotion": {"type": "string", "enum": emotions},
    "Image": image, "ImageList": lst("Image"), "ImageOrder": obj(["order"], {"order": {"type": "array", "items": {"type": "integer"}, "description": "Every image id of the record, once, in the new order."}}),
    "DiaryEntry": diary_entry, "DiaryEntryPage": page("DiaryEntry"), "DiaryEntryList": lst("DiaryEntry"),
    "DiaryEntryInput": obj(["emotion"], diary_props), "DiaryEntryPatch": obj([], diary_props),
    "Transaction": transaction, "TransactionPage": page("Transaction"), "TransactionList": lst("Transaction"),
    "TransactionInput": obj(["date", "kind", "amount", "currency", "category"], tx_props), "TransactionPatch": obj([], tx_props),
    "Post": post, "PostPage": page("Post"), "PostList": lst("Post"), "PostInput": obj(["title"], post_props), "PostPatch": obj([], post_props),
    "Change": obj(["sequence", "kind", "collection", "id", "at", "deleted", "record"], {"sequence": {"type": "integer"}, "kind": {"type": "string", "enum": ["inserted", "updated", "trashed", "restored", "deleted"]},
        "collection": {"type": "string"}, "id": {"type": "string", "format": "uuid"}, "at": ts, "deleted": {"type": "boolean", "description": "A tombstone: the record is gone for good."},
        "record": {"description": "The record as it is now (a DiaryEntry, Transaction or Post by collection), or null for a tombstone.", "oneOf": [{"type": "null"}, S("DiaryEntry"), S("Transaction"), S("Post")]}}),
    "ChangePage": obj(["changes", "next", "hasMore", "latest"], {"changes": {"type": "array", "items": S("Change")}, "next": {"type": "integer", "description": "The after= of the next call."},
        "hasMore": {"type": "boolean"}, "latest": {"type": "integer", "description": "The newest sequence in the store."}}),
    "Calendar": obj(["month", "days"], {"month": {"type": "string"}, "days": {"type": "array", "items": obj(["day", "count", "dominantEmotion", "emotions"], {"day": {"type": "string", "format": "date"}, "count": {"type": "integer"}, "dominantEmotion": S("Emotion"), "emotions": counts})}}),
    "Statistics": obj(["timeZone", "periods"], {"timeZone": {"type": "string"}, "periods": {"type": "array", "items": obj(["label", "firstDay", "start", "end", "entryCount", "emotions", "averageIntensity"],
        {"label": {"type": "string"}, "firstDay": {"type": "string", "format": "date"}, "start": ts, "end": ts, "entryCount": {"type": "integer"}, "emotions": counts, "averageIntensity": {"type": ["number", "null"]}})}}),
    "Totals": totals,
    "MonthlyReport": obj(["year", "months"], {"year": {"type": "integer"}, "months": {"type": "array", "items": obj(["month", "totals"], {"month": {"type": "string"}, "totals": {"type": "array", "items": S("Totals")}})}}),
    "CategoryReport": obj(["year", "month", "categories"], {"year": {"type": "integer"}, "month": {"type": ["integer", "null"]}, "categories": {"type": "array", "items": {"allOf": [S("Totals")], "type": "object", "required": ["category"]}}}),
    "StoreStatus": obj(["collections", "totalRecords", "totalImages", "totalBytes", "intentsInFlight", "imageProcessor", "metadata", "blobs", "lastChangeSequence"],
        {"collections": {"type": "array", "items": obj(["name", "live", "trashed", "images", "bytes"], {"name": {"type": "string"}, "live": {"type": "integer"}, "trashed": {"type": "integer"}, "images": {"type": "integer"}, "bytes": {"type": "integer"}})},
         "totalRecords": {"type": "integer"}, "totalImages": {"type": "integer"}, "totalBytes": {"type": "integer"}, "intentsInFlight": {"type": "integer"}, "imageProcessor": {"type": "string"},
         "metadata": backend, "blobs": backend, "lastChangeSequence": {"type": "integer"}}),
    "FsckReport": obj(["isClean", "recordsChecked", "attachmentsChecked", "filesScanned", "intentsRecovered", "danglingReferences", "orphanFiles", "hashMismatches", "missingThumbnails", "orphanThumbnails", "unexpectedEntries", "repairs", "unrepairable"],
        {"isClean": {"type": "boolean"}, "recordsChecked": {"type": "integer"}, "attachmentsChecked": {"type": "integer"}, "filesScanned": {"type": "integer"}, "intentsRecovered": {"type": "integer"},
         "danglingReferences": {"type": "array", "items": finding}, "orphanFiles": strs, "hashMismatches": {"type": "array", "items": finding}, "missingThumbnails": strs, "orphanThumbnails": strs,
         "unexpectedEntries": strs, "repairs": strs, "unrepairable": strs}),
}
# CategoryReport item: Totals plus category (additionalProperties false on Totals would refuse category): define directly
schemas["CategoryReport"]["properties"]["categories"]["items"] = obj(["currency", "category", "income", "expense", "balance", "transactionCount"],
    {"currency": {"type": "string"}, "category": {"type": "string"}, "income": {"type": "string"}, "expense": {"type": "string"}, "balance": {"type": "string"}, "transactionCount": {"type": "integer"}})
parameters = {
    "RecordId": {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "format": "uuid"}},
    "AttachmentId": {"name": "attachment", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1, "maximum": 999999999999}},
    "ThumbnailSize": {"name": "size", "in": "path", "required": True, "schema": {"type": "integer", "enum": [256, 1024]}, "description": "One of the store's thumbnail sizes (256 and 1024 unless configured otherwise)."},
    "Limit": {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}},
    "After": {"name": "after", "in": "query", "schema": {"type": "string", "maxLength": 100}, "description": "The nextCursor of the previous page."},
    "IfMatch": {"name": "If-Match", "in": "header", "schema": {"type": "string"}, "description": "The ETag the change is based on (\"v3\"): 412 if the record has changed since."},
    "IfNoneMatch": {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}},
    "IdempotencyKey": {"name": "Idempotency-Key", "in": "header", "required": True, "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
        "description": "A new random value per request (a UUID), the same on its retries: a retry returns the first answer and changes nothing. Kept 24 hours."},
    "Range": {"name": "Range", "in": "header", "schema": {"type": "string"}, "description": "One byte range, bytes=START-END, bytes=START- or bytes=-SUFFIX."},
    "IfRange": {"name": "If-Range", "in": "header", "schema": {"type": "string"}},
}
doc = {
    "openapi": "3.1.0",
    "info": {"title": "Keepsake API", "version": "1.0.0", "description": "The JSON API of keepsake serve: the diary, the ledger and the feed with their photos, sync, reports and the store. Every request needs Authorization: Bearer <token> (keepsake token create). See docs/API.md."},
    "servers": [{"url": "/"}],
    "security": [{"bearer": []}],
    "tags": [{"name": t} for t in ["meta", "sync", "store", "diary", "ledger", "feed"]],
    "paths": paths,
    "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "ks_… tokens from keepsake token create."}},
        "headers": {"ETag": {"schema": {"type": "string"}, "description": "The record's version as an entity tag, \"v3\"."}, "Location": {"schema": {"type": "string"}}},
        "responses": {"Problem": {"description": "A failure (400, 401, 403, 404, 405, 409, 412, 413, 415, 416, 422, 429, 503, 507, 500).", "content": {"application/problem+json": {"schema": S("Problem")}}}},
        "parameters": parameters,
        "schemas": schemas,
    },
}
SWIFT = Path(__file__).resolve().parents[3] / "Sources/KeepsakeWeb/API/APIDocument.swift"


def swift_source(document):
    text = json.dumps(document, indent=1, ensure_ascii=False)
    return ("/// The OpenAPI 3.1 document of the API, served at `/api/v1/openapi.json`: every route of\n"
            "/// ``WebApp/addAPIRoutes(to:)`` and nothing else (`APIDocumentTests` checks both ways, and\n"
            "/// `Tests/api/run.sh` validates it with openapi-spec-validator and fuzzes a live server against it\n"
            "/// with schemathesis). Written by `Tests/api/tools/openapi_document.py`: edit that, not this.\n"
            "enum APIDocument {\n"
            "    /// The document, as JSON text.\n"
            "    static let json = #\"\"\"\n" + text + "\n\"\"\"#\n}\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--print"]:
        print(json.dumps(doc, indent=1, ensure_ascii=False))
    else:
        SWIFT.write_text(swift_source(doc), encoding="utf-8")
        print("wrote", SWIFT)
