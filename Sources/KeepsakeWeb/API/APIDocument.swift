/// The OpenAPI 3.1 document of the API, served at `/api/v1/openapi.json`: every route of
/// ``WebApp/addAPIRoutes(to:)`` and nothing else (`APIDocumentTests` checks both ways, and
/// `Tests/api/run.sh` validates it with openapi-spec-validator and fuzzes a live server against it
/// with schemathesis). Written by `Tests/api/tools/openapi_document.py`: edit that, not this.
enum APIDocument {
    /// The document, as JSON text.
    static let json = #"""
{
 "openapi": "3.1.0",
 "info": {
  "title": "Keepsake API",
  "version": "1.0.0",
  "description": "The JSON API of keepsake serve: the diary, the ledger and the feed with their photos, sync, reports and the store. Every request needs Authorization: Bearer <token> (keepsake token create). See docs/API.md."
 },
 "servers": [
  {
   "url": "/"
  }
 ],
 "security": [
  {
   "bearer": []
  }
 ],
 "tags": [
  {
   "name": "meta"
  },
  {
   "name": "sync"
  },
  {
   "name": "store"
  },
  {
   "name": "diary"
  },
  {
   "name": "ledger"
  },
  {
   "name": "feed"
  }
 ],
 "paths": {
  "/api/v1/openapi.json": {
   "get": {
    "operationId": "getOpenAPI",
    "summary": "This document",
    "tags": [
     "meta"
    ],
    "responses": {
     "200": {
      "description": "The OpenAPI 3.1 document.",
      "content": {
       "application/json": {
        "schema": {
         "type": "object"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    }
   }
  },
  "/api/v1/changes": {
   "get": {
    "operationId": "listChanges",
    "summary": "The change feed, for keeping a mirror",
    "tags": [
     "sync"
    ],
    "responses": {
     "200": {
      "description": "Changes after `after`, oldest first.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ChangePage"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "description": "Every change after `after`, each with the record as it is now or, for a record purged since, a tombstone (`deleted: true`, `record: null`). A record appears once per page, at its last change. Resume with `after` = `next`; repeat while `hasMore`.",
    "parameters": [
     {
      "name": "after",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 0,
       "default": 0
      },
      "description": "The `next` of the previous page (0 for a first sync)."
     },
     {
      "name": "limit",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 1000,
       "default": 100
      }
     },
     {
      "name": "wait",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 0,
       "maximum": 30,
       "default": 0
      },
      "description": "Seconds to wait for a change when there is none yet (a long poll)."
     }
    ]
   }
  },
  "/api/v1/store/status": {
   "get": {
    "operationId": "getStoreStatus",
    "summary": "Store status",
    "tags": [
     "store"
    ],
    "responses": {
     "200": {
      "description": "Counts and sizes.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/StoreStatus"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    }
   }
  },
  "/api/v1/store/fsck": {
   "post": {
    "operationId": "runFsck",
    "summary": "Check the store",
    "tags": [
     "store"
    ],
    "responses": {
     "200": {
      "description": "The check's report.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/FsckReport"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "repair",
      "in": "query",
      "schema": {
       "type": "boolean",
       "default": false
      }
     },
     {
      "name": "hashes",
      "in": "query",
      "schema": {
       "type": "boolean",
       "default": true
      }
     }
    ]
   }
  },
  "/api/v1/diary/entries": {
   "get": {
    "operationId": "listDiaryEntrys",
    "summary": "List diary entrys, newest first",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "One page.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntryPage"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/Limit"
     },
     {
      "$ref": "#/components/parameters/After"
     },
     {
      "name": "emotion",
      "in": "query",
      "schema": {
       "$ref": "#/components/schemas/Emotion"
      }
     },
     {
      "name": "tag",
      "in": "query",
      "schema": {
       "type": "string",
       "maxLength": 30
      }
     },
     {
      "name": "from",
      "in": "query",
      "schema": {
       "type": "string",
       "format": "date-time"
      },
      "description": "With until: entries whose moment is in [from, until)."
     },
     {
      "name": "until",
      "in": "query",
      "schema": {
       "type": "string",
       "format": "date-time"
      }
     }
    ]
   },
   "post": {
    "operationId": "createDiaryEntry",
    "summary": "Create a diary entry",
    "tags": [
     "diary"
    ],
    "responses": {
     "201": {
      "description": "The new diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Location": {
        "$ref": "#/components/headers/Location"
       }
      },
      "links": {
       "Get": {
        "operationId": "getDiaryEntry",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Update": {
        "operationId": "updateDiaryEntry",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Trash": {
        "operationId": "trashDiaryEntry",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Restore": {
        "operationId": "restoreDiaryEntry",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Listimages": {
        "operationId": "listDiaryEntryImages",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Addimages": {
        "operationId": "addDiaryEntryImages",
        "parameters": {
         "id": "$response.body#/id"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/DiaryEntryInput"
       }
      },
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "entry"
        ],
        "properties": {
         "entry": {
          "type": "string",
          "description": "The JSON object, as text."
         },
         "image": {
          "type": "array",
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          }
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      }
     }
    }
   }
  },
  "/api/v1/diary/entries/{id}": {
   "get": {
    "operationId": "getDiaryEntry",
    "summary": "Read a diary entry",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "304": {
      "description": "Not modified."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   },
   "patch": {
    "operationId": "updateDiaryEntry",
    "summary": "Change a diary entry",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The changed diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/DiaryEntryPatch"
       }
      }
     }
    }
   },
   "delete": {
    "operationId": "trashDiaryEntry",
    "summary": "Move a diary entry to the trash",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The trashed diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/diary/entries/{id}/restore": {
   "post": {
    "operationId": "restoreDiaryEntry",
    "summary": "Restore a diary entry from the trash",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The restored diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/diary/entries/{id}/images": {
   "get": {
    "operationId": "listDiaryEntryImages",
    "summary": "The photos of a diary entry",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The photos in order.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ImageList"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     }
    ]
   },
   "post": {
    "operationId": "addDiaryEntryImages",
    "summary": "Add photos to a diary entry",
    "tags": [
     "diary"
    ],
    "responses": {
     "201": {
      "description": "The diary entry with its new photos.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     },
     {
      "name": "position",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 0,
       "maximum": 1000
      },
      "description": "Insert before this position (default: at the end)."
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "image"
        ],
        "properties": {
         "image": {
          "type": "array",
          "minItems": 1,
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          }
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      },
      "image/jpeg": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/jpeg"
       }
      },
      "image/png": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/png"
       }
      },
      "image/webp": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/webp"
       }
      },
      "image/heic": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/heic"
       }
      },
      "image/avif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/avif"
       }
      },
      "image/gif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/gif"
       }
      },
      "application/octet-stream": {
       "schema": {
        "type": "string",
        "contentMediaType": "application/octet-stream"
       }
      }
     }
    }
   },
   "put": {
    "operationId": "reorderDiaryEntryImages",
    "summary": "Reorder the photos of a diary entry",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/ImageOrder"
       }
      }
     }
    }
   }
  },
  "/api/v1/diary/entries/{id}/images/{attachment}": {
   "get": {
    "operationId": "getDiaryEntryImage",
    "summary": "One photo's facts",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The photo.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Image"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "304": {
      "description": "Not modified."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     }
    ]
   },
   "put": {
    "operationId": "replaceDiaryEntryImage",
    "summary": "Replace one photo",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "image"
        ],
        "properties": {
         "image": {
          "type": "array",
          "minItems": 1,
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          },
          "maxItems": 1
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      },
      "image/jpeg": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/jpeg"
       }
      },
      "image/png": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/png"
       }
      },
      "image/webp": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/webp"
       }
      },
      "image/heic": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/heic"
       }
      },
      "image/avif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/avif"
       }
      },
      "image/gif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/gif"
       }
      },
      "application/octet-stream": {
       "schema": {
        "type": "string",
        "contentMediaType": "application/octet-stream"
       }
      }
     }
    }
   },
   "delete": {
    "operationId": "removeDiaryEntryImage",
    "summary": "Remove one photo",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The diary entry.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntry"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/diary/entries/{id}/images/{attachment}/original": {
   "get": {
    "operationId": "downloadDiaryEntryImage",
    "summary": "The original photo",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The bytes.",
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Accept-Ranges": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "206": {
      "description": "The byte range asked for (`Range`).",
      "headers": {
       "Content-Range": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "304": {
      "description": "Not modified (`If-None-Match` names this image's ETag)."
     },
     "307": {
      "description": "The image is at another address (`Location`), for blob stores that hand out URLs."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/Range"
     },
     {
      "$ref": "#/components/parameters/IfRange"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   }
  },
  "/api/v1/diary/entries/{id}/images/{attachment}/thumbnails/{size}": {
   "get": {
    "operationId": "downloadDiaryEntryThumbnail",
    "summary": "A thumbnail of the photo",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "The bytes.",
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Accept-Ranges": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "206": {
      "description": "The byte range asked for (`Range`).",
      "headers": {
       "Content-Range": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "304": {
      "description": "Not modified (`If-None-Match` names this image's ETag)."
     },
     "307": {
      "description": "The image is at another address (`Location`), for blob stores that hand out URLs."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/ThumbnailSize"
     },
     {
      "$ref": "#/components/parameters/Range"
     },
     {
      "$ref": "#/components/parameters/IfRange"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   }
  },
  "/api/v1/ledger/transactions": {
   "get": {
    "operationId": "listTransactions",
    "summary": "List transactions, newest first",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "One page.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/TransactionPage"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/Limit"
     },
     {
      "$ref": "#/components/parameters/After"
     },
     {
      "name": "month",
      "in": "query",
      "schema": {
       "type": "string",
       "pattern": "^[0-9]{4}-[0-9]{2}$"
      }
     },
     {
      "name": "category",
      "in": "query",
      "schema": {
       "type": "string",
       "maxLength": 50
      }
     },
     {
      "name": "kind",
      "in": "query",
      "schema": {
       "type": "string",
       "enum": [
        "expense",
        "income"
       ]
      }
     },
     {
      "name": "currency",
      "in": "query",
      "schema": {
       "type": "string",
       "pattern": "^[A-Za-z]{3}$"
      }
     }
    ]
   },
   "post": {
    "operationId": "createTransaction",
    "summary": "Create a transaction",
    "tags": [
     "ledger"
    ],
    "responses": {
     "201": {
      "description": "The new transaction.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Transaction"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Location": {
        "$ref": "#/components/headers/Location"
       }
      },
      "links": {
       "Get": {
        "operationId": "getTransaction",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Update": {
        "operationId": "updateTransaction",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Trash": {
        "operationId": "trashTransaction",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Restore": {
        "operationId": "restoreTransaction",
        "parameters": {
         "id": "$response.body#/id"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/TransactionInput"
       }
      },
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "transaction"
        ],
        "properties": {
         "transaction": {
          "type": "string",
          "description": "The JSON object, as text."
         },
         "image": {
          "type": "array",
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          }
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      }
     }
    }
   }
  },
  "/api/v1/ledger/transactions/{id}": {
   "get": {
    "operationId": "getTransaction",
    "summary": "Read a transaction",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The transaction.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Transaction"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "304": {
      "description": "Not modified."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   },
   "patch": {
    "operationId": "updateTransaction",
    "summary": "Change a transaction",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The changed transaction.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Transaction"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/TransactionPatch"
       }
      }
     }
    }
   },
   "delete": {
    "operationId": "trashTransaction",
    "summary": "Move a transaction to the trash",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The trashed transaction.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Transaction"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/ledger/transactions/{id}/restore": {
   "post": {
    "operationId": "restoreTransaction",
    "summary": "Restore a transaction from the trash",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The restored transaction.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Transaction"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/feed/posts": {
   "get": {
    "operationId": "listPosts",
    "summary": "List posts, newest first",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "One page.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PostPage"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/Limit"
     },
     {
      "$ref": "#/components/parameters/After"
     }
    ]
   },
   "post": {
    "operationId": "createPost",
    "summary": "Create a post",
    "tags": [
     "feed"
    ],
    "responses": {
     "201": {
      "description": "The new post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Location": {
        "$ref": "#/components/headers/Location"
       }
      },
      "links": {
       "Get": {
        "operationId": "getPost",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Update": {
        "operationId": "updatePost",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Trash": {
        "operationId": "trashPost",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Restore": {
        "operationId": "restorePost",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Listimages": {
        "operationId": "listPostImages",
        "parameters": {
         "id": "$response.body#/id"
        }
       },
       "Addimages": {
        "operationId": "addPostImages",
        "parameters": {
         "id": "$response.body#/id"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/PostInput"
       }
      },
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "post"
        ],
        "properties": {
         "post": {
          "type": "string",
          "description": "The JSON object, as text."
         },
         "image": {
          "type": "array",
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          }
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      }
     }
    }
   }
  },
  "/api/v1/feed/posts/{id}": {
   "get": {
    "operationId": "getPost",
    "summary": "Read a post",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "304": {
      "description": "Not modified."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   },
   "patch": {
    "operationId": "updatePost",
    "summary": "Change a post",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The changed post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/PostPatch"
       }
      }
     }
    }
   },
   "delete": {
    "operationId": "trashPost",
    "summary": "Move a post to the trash",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The trashed post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/feed/posts/{id}/restore": {
   "post": {
    "operationId": "restorePost",
    "summary": "Restore a post from the trash",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The restored post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/feed/posts/{id}/images": {
   "get": {
    "operationId": "listPostImages",
    "summary": "The photos of a post",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The photos in order.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/ImageList"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     }
    ]
   },
   "post": {
    "operationId": "addPostImages",
    "summary": "Add photos to a post",
    "tags": [
     "feed"
    ],
    "responses": {
     "201": {
      "description": "The post with its new photos.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     },
     {
      "name": "position",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 0,
       "maximum": 1000
      },
      "description": "Insert before this position (default: at the end)."
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "image"
        ],
        "properties": {
         "image": {
          "type": "array",
          "minItems": 1,
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          }
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      },
      "image/jpeg": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/jpeg"
       }
      },
      "image/png": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/png"
       }
      },
      "image/webp": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/webp"
       }
      },
      "image/heic": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/heic"
       }
      },
      "image/avif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/avif"
       }
      },
      "image/gif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/gif"
       }
      },
      "application/octet-stream": {
       "schema": {
        "type": "string",
        "contentMediaType": "application/octet-stream"
       }
      }
     }
    }
   },
   "put": {
    "operationId": "reorderPostImages",
    "summary": "Reorder the photos of a post",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "application/json": {
       "schema": {
        "$ref": "#/components/schemas/ImageOrder"
       }
      }
     }
    }
   }
  },
  "/api/v1/feed/posts/{id}/images/{attachment}": {
   "get": {
    "operationId": "getPostImage",
    "summary": "One photo's facts",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The photo.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Image"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "304": {
      "description": "Not modified."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     }
    ]
   },
   "put": {
    "operationId": "replacePostImage",
    "summary": "Replace one photo",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "image"
        ],
        "properties": {
         "image": {
          "type": "array",
          "minItems": 1,
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          },
          "maxItems": 1
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      },
      "image/jpeg": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/jpeg"
       }
      },
      "image/png": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/png"
       }
      },
      "image/webp": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/webp"
       }
      },
      "image/heic": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/heic"
       }
      },
      "image/avif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/avif"
       }
      },
      "image/gif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/gif"
       }
      },
      "application/octet-stream": {
       "schema": {
        "type": "string",
        "contentMediaType": "application/octet-stream"
       }
      }
     }
    }
   },
   "delete": {
    "operationId": "removePostImage",
    "summary": "Remove one photo",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The post.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Post"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/feed/posts/{id}/images/{attachment}/original": {
   "get": {
    "operationId": "downloadPostImage",
    "summary": "The original photo",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The bytes.",
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Accept-Ranges": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "206": {
      "description": "The byte range asked for (`Range`).",
      "headers": {
       "Content-Range": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "304": {
      "description": "Not modified (`If-None-Match` names this image's ETag)."
     },
     "307": {
      "description": "The image is at another address (`Location`), for blob stores that hand out URLs."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/Range"
     },
     {
      "$ref": "#/components/parameters/IfRange"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   }
  },
  "/api/v1/feed/posts/{id}/images/{attachment}/thumbnails/{size}": {
   "get": {
    "operationId": "downloadPostThumbnail",
    "summary": "A thumbnail of the photo",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "The bytes.",
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Accept-Ranges": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "206": {
      "description": "The byte range asked for (`Range`).",
      "headers": {
       "Content-Range": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "304": {
      "description": "Not modified (`If-None-Match` names this image's ETag)."
     },
     "307": {
      "description": "The image is at another address (`Location`), for blob stores that hand out URLs."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/AttachmentId"
     },
     {
      "$ref": "#/components/parameters/ThumbnailSize"
     },
     {
      "$ref": "#/components/parameters/Range"
     },
     {
      "$ref": "#/components/parameters/IfRange"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   }
  },
  "/api/v1/diary/trash": {
   "get": {
    "operationId": "listDiaryEntryTrash",
    "summary": "What is in the trash",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "One page.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntryPage"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/Limit"
     },
     {
      "$ref": "#/components/parameters/After"
     }
    ]
   }
  },
  "/api/v1/diary/trash/{id}": {
   "delete": {
    "operationId": "purgeDiaryEntry",
    "summary": "Purge one record from the trash, for good",
    "tags": [
     "diary"
    ],
    "responses": {
     "204": {
      "description": "Gone for good; the change feed has its tombstone."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/diary/search": {
   "get": {
    "operationId": "searchDiaryEntrys",
    "summary": "Full-text search",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "Matches, newest first.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/DiaryEntryList"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "q",
      "in": "query",
      "required": true,
      "schema": {
       "type": "string",
       "minLength": 1,
       "maxLength": 500
      }
     },
     {
      "name": "limit",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 100,
       "default": 50
      }
     }
    ]
   }
  },
  "/api/v1/ledger/trash": {
   "get": {
    "operationId": "listTransactionTrash",
    "summary": "What is in the trash",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "One page.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/TransactionPage"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/Limit"
     },
     {
      "$ref": "#/components/parameters/After"
     }
    ]
   }
  },
  "/api/v1/ledger/trash/{id}": {
   "delete": {
    "operationId": "purgeTransaction",
    "summary": "Purge one record from the trash, for good",
    "tags": [
     "ledger"
    ],
    "responses": {
     "204": {
      "description": "Gone for good; the change feed has its tombstone."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/ledger/search": {
   "get": {
    "operationId": "searchTransactions",
    "summary": "Full-text search",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "Matches, newest first.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/TransactionList"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "q",
      "in": "query",
      "required": true,
      "schema": {
       "type": "string",
       "minLength": 1,
       "maxLength": 500
      }
     },
     {
      "name": "limit",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 100,
       "default": 50
      }
     }
    ]
   }
  },
  "/api/v1/feed/trash": {
   "get": {
    "operationId": "listPostTrash",
    "summary": "What is in the trash",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "One page.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PostPage"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/Limit"
     },
     {
      "$ref": "#/components/parameters/After"
     }
    ]
   }
  },
  "/api/v1/feed/trash/{id}": {
   "delete": {
    "operationId": "purgePost",
    "summary": "Purge one record from the trash, for good",
    "tags": [
     "feed"
    ],
    "responses": {
     "204": {
      "description": "Gone for good; the change feed has its tombstone."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/feed/search": {
   "get": {
    "operationId": "searchPosts",
    "summary": "Full-text search",
    "tags": [
     "feed"
    ],
    "responses": {
     "200": {
      "description": "Matches, newest first.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/PostList"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "q",
      "in": "query",
      "required": true,
      "schema": {
       "type": "string",
       "minLength": 1,
       "maxLength": 500
      }
     },
     {
      "name": "limit",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 100,
       "default": 50
      }
     }
    ]
   }
  },
  "/api/v1/diary/calendar": {
   "get": {
    "operationId": "getDiaryCalendar",
    "summary": "A month's calendar",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "Each day with entries.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Calendar"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "month",
      "in": "query",
      "required": true,
      "schema": {
       "type": "string",
       "pattern": "^[0-9]{4}-[0-9]{2}$"
      }
     }
    ]
   }
  },
  "/api/v1/diary/statistics": {
   "get": {
    "operationId": "getDiaryStatistics",
    "summary": "Emotion statistics per week or month",
    "tags": [
     "diary"
    ],
    "responses": {
     "200": {
      "description": "One entry per period.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Statistics"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "from",
      "in": "query",
      "required": true,
      "schema": {
       "type": "string",
       "format": "date"
      }
     },
     {
      "name": "until",
      "in": "query",
      "required": true,
      "schema": {
       "type": "string",
       "format": "date"
      },
      "description": "Not included."
     },
     {
      "name": "period",
      "in": "query",
      "schema": {
       "type": "string",
       "enum": [
        "week",
        "month"
       ],
       "default": "month"
      }
     },
     {
      "name": "timeZone",
      "in": "query",
      "schema": {
       "type": "string",
       "default": "UTC"
      }
     }
    ]
   }
  },
  "/api/v1/ledger/transactions/{id}/receipt": {
   "get": {
    "operationId": "getReceipt",
    "summary": "The receipt's facts",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The receipt.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Image"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "304": {
      "description": "Not modified."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     }
    ]
   },
   "put": {
    "operationId": "attachReceipt",
    "summary": "Attach or replace the receipt",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The transaction.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Transaction"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IdempotencyKey"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ],
    "requestBody": {
     "required": true,
     "content": {
      "multipart/form-data": {
       "schema": {
        "type": "object",
        "required": [
         "image"
        ],
        "properties": {
         "image": {
          "type": "array",
          "minItems": 1,
          "items": {
           "type": "string",
           "contentMediaType": "application/octet-stream"
          },
          "maxItems": 1
         }
        }
       },
       "encoding": {
        "image": {
         "contentType": "image/*"
        }
       }
      },
      "image/jpeg": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/jpeg"
       }
      },
      "image/png": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/png"
       }
      },
      "image/webp": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/webp"
       }
      },
      "image/heic": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/heic"
       }
      },
      "image/avif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/avif"
       }
      },
      "image/gif": {
       "schema": {
        "type": "string",
        "contentMediaType": "image/gif"
       }
      },
      "application/octet-stream": {
       "schema": {
        "type": "string",
        "contentMediaType": "application/octet-stream"
       }
      }
     }
    }
   },
   "delete": {
    "operationId": "removeReceipt",
    "summary": "Remove the receipt",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The transaction.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/Transaction"
        }
       }
      },
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/IfMatch"
     }
    ]
   }
  },
  "/api/v1/ledger/transactions/{id}/receipt/original": {
   "get": {
    "operationId": "downloadReceipt",
    "summary": "The receipt's original",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The bytes.",
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Accept-Ranges": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "206": {
      "description": "The byte range asked for (`Range`).",
      "headers": {
       "Content-Range": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "304": {
      "description": "Not modified (`If-None-Match` names this image's ETag)."
     },
     "307": {
      "description": "The image is at another address (`Location`), for blob stores that hand out URLs."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/Range"
     },
     {
      "$ref": "#/components/parameters/IfRange"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   }
  },
  "/api/v1/ledger/transactions/{id}/receipt/thumbnails/{size}": {
   "get": {
    "operationId": "downloadReceiptThumbnail",
    "summary": "A thumbnail of the receipt",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "The bytes.",
      "headers": {
       "ETag": {
        "$ref": "#/components/headers/ETag"
       },
       "Accept-Ranges": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "206": {
      "description": "The byte range asked for (`Range`).",
      "headers": {
       "Content-Range": {
        "schema": {
         "type": "string"
        }
       }
      },
      "content": {
       "image/*": {
        "schema": {
         "type": "string",
         "contentMediaType": "application/octet-stream"
        }
       }
      }
     },
     "304": {
      "description": "Not modified (`If-None-Match` names this image's ETag)."
     },
     "307": {
      "description": "The image is at another address (`Location`), for blob stores that hand out URLs."
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "$ref": "#/components/parameters/RecordId"
     },
     {
      "$ref": "#/components/parameters/ThumbnailSize"
     },
     {
      "$ref": "#/components/parameters/Range"
     },
     {
      "$ref": "#/components/parameters/IfRange"
     },
     {
      "$ref": "#/components/parameters/IfNoneMatch"
     }
    ]
   }
  },
  "/api/v1/ledger/reports/monthly": {
   "get": {
    "operationId": "getMonthlyReport",
    "summary": "Totals per month",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "Twelve months, January first.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/MonthlyReport"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "year",
      "in": "query",
      "required": true,
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 9999
      }
     }
    ]
   }
  },
  "/api/v1/ledger/reports/categories": {
   "get": {
    "operationId": "getCategoryReport",
    "summary": "Totals per category",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "Per currency and category.",
      "content": {
       "application/json": {
        "schema": {
         "$ref": "#/components/schemas/CategoryReport"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "year",
      "in": "query",
      "required": true,
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 9999
      }
     },
     {
      "name": "month",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1,
       "maximum": 12
      }
     }
    ]
   }
  },
  "/api/v1/ledger/export.csv": {
   "get": {
    "operationId": "exportLedgerCSV",
    "summary": "Every transaction as CSV",
    "tags": [
     "ledger"
    ],
    "responses": {
     "200": {
      "description": "id,date,kind,amount,currency,category,memo",
      "content": {
       "text/csv": {
        "schema": {
         "type": "string"
        }
       }
      }
     },
     "default": {
      "$ref": "#/components/responses/Problem"
     }
    },
    "parameters": [
     {
      "name": "trash",
      "in": "query",
      "schema": {
       "type": "boolean",
       "default": false
      },
      "description": "Include the trashed transactions."
     }
    ]
   }
  }
 },
 "components": {
  "securitySchemes": {
   "bearer": {
    "type": "http",
    "scheme": "bearer",
    "description": "ks_… tokens from keepsake token create."
   }
  },
  "headers": {
   "ETag": {
    "schema": {
     "type": "string"
    },
    "description": "The record's version as an entity tag, \"v3\"."
   },
   "Location": {
    "schema": {
     "type": "string"
    }
   }
  },
  "responses": {
   "Problem": {
    "description": "A failure (400, 401, 403, 404, 405, 409, 412, 413, 415, 416, 422, 429, 503, 507, 500).",
    "content": {
     "application/problem+json": {
      "schema": {
       "$ref": "#/components/schemas/Problem"
      }
     }
    }
   }
  },
  "parameters": {
   "RecordId": {
    "name": "id",
    "in": "path",
    "required": true,
    "schema": {
     "type": "string",
     "format": "uuid"
    }
   },
   "AttachmentId": {
    "name": "attachment",
    "in": "path",
    "required": true,
    "schema": {
     "type": "integer",
     "minimum": 1,
     "maximum": 999999999999
    }
   },
   "ThumbnailSize": {
    "name": "size",
    "in": "path",
    "required": true,
    "schema": {
     "type": "integer",
     "enum": [
      256,
      1024
     ]
    },
    "description": "One of the store's thumbnail sizes (256 and 1024 unless configured otherwise)."
   },
   "Limit": {
    "name": "limit",
    "in": "query",
    "schema": {
     "type": "integer",
     "minimum": 1,
     "maximum": 100,
     "default": 20
    }
   },
   "After": {
    "name": "after",
    "in": "query",
    "schema": {
     "type": "string",
     "maxLength": 100
    },
    "description": "The nextCursor of the previous page."
   },
   "IfMatch": {
    "name": "If-Match",
    "in": "header",
    "schema": {
     "type": "string"
    },
    "description": "The ETag the change is based on (\"v3\"): 412 if the record has changed since."
   },
   "IfNoneMatch": {
    "name": "If-None-Match",
    "in": "header",
    "schema": {
     "type": "string"
    }
   },
   "IdempotencyKey": {
    "name": "Idempotency-Key",
    "in": "header",
    "required": true,
    "schema": {
     "type": "string",
     "minLength": 1,
     "maxLength": 255,
     "pattern": "^[!-~]+$"
    },
    "description": "A new random value per request (a UUID), the same on its retries: a retry returns the first answer and changes nothing. Kept 24 hours."
   },
   "Range": {
    "name": "Range",
    "in": "header",
    "schema": {
     "type": "string"
    },
    "description": "One byte range, bytes=START-END, bytes=START- or bytes=-SUFFIX."
   },
   "IfRange": {
    "name": "If-Range",
    "in": "header",
    "schema": {
     "type": "string"
    }
   }
  },
  "schemas": {
   "Problem": {
    "type": "object",
    "required": [
     "type",
     "title",
     "status",
     "detail",
     "code"
    ],
    "description": "RFC 9457 problem details with Keepsake's code and remedy.",
    "properties": {
     "type": {
      "type": "string"
     },
     "title": {
      "type": "string"
     },
     "status": {
      "type": "integer"
     },
     "detail": {
      "type": "string"
     },
     "code": {
      "type": "string",
      "description": "A KeepsakeError code (notFound, invalidArgument, conflict, …) or one of the API's own (unauthorized, forbidden, methodNotAllowed, preconditionFailed, idempotencyKeyMissing, idempotencyKeyReused, idempotencyKeyInProgress, unsupportedMediaType, tooManyRequests, rangeNotSatisfiable)."
     },
     "remedy": {
      "type": "string"
     },
     "remedyText": {
      "type": "string"
     }
    }
   },
   "Emotion": {
    "type": "string",
    "enum": [
     "joy",
     "calm",
     "gratitude",
     "love",
     "excitement",
     "sadness",
     "anger",
     "anxiety",
     "fear",
     "tiredness"
    ]
   },
   "Image": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "id",
     "position",
     "mediaType",
     "width",
     "height",
     "byteSize",
     "sha256",
     "capturedAt",
     "createdAt",
     "original",
     "thumbnails"
    ],
    "properties": {
     "id": {
      "type": "integer",
      "minimum": 1
     },
     "position": {
      "type": "integer",
      "minimum": 0
     },
     "mediaType": {
      "type": "string"
     },
     "width": {
      "type": "integer"
     },
     "height": {
      "type": "integer"
     },
     "byteSize": {
      "type": "integer"
     },
     "sha256": {
      "type": "string",
      "pattern": "^[0-9a-f]{64}$"
     },
     "capturedAt": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "createdAt": {
      "type": "string",
      "format": "date-time"
     },
     "original": {
      "type": "string"
     },
     "thumbnails": {
      "type": "object",
      "additionalProperties": {
       "type": "string"
      }
     }
    }
   },
   "ImageList": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "items"
    ],
    "properties": {
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Image"
      }
     }
    }
   },
   "ImageOrder": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "order"
    ],
    "properties": {
     "order": {
      "type": "array",
      "items": {
       "type": "integer"
      },
      "description": "Every image id of the record, once, in the new order."
     }
    }
   },
   "DiaryEntry": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "id",
     "version",
     "moment",
     "timeZone",
     "day",
     "emotion",
     "intensity",
     "title",
     "text",
     "tags",
     "images",
     "createdAt",
     "updatedAt",
     "trashedAt"
    ],
    "properties": {
     "id": {
      "type": "string",
      "format": "uuid"
     },
     "version": {
      "type": "integer",
      "minimum": 1
     },
     "createdAt": {
      "type": "string",
      "format": "date-time"
     },
     "updatedAt": {
      "type": "string",
      "format": "date-time"
     },
     "trashedAt": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "moment": {
      "type": "string",
      "format": "date-time"
     },
     "timeZone": {
      "type": "string"
     },
     "day": {
      "type": "string",
      "format": "date"
     },
     "emotion": {
      "$ref": "#/components/schemas/Emotion"
     },
     "intensity": {
      "type": "integer",
      "minimum": 1,
      "maximum": 5
     },
     "title": {
      "type": [
       "string",
       "null"
      ]
     },
     "text": {
      "type": "string"
     },
     "tags": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "images": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Image"
      }
     }
    }
   },
   "DiaryEntryPage": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "items",
     "nextCursor"
    ],
    "properties": {
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/DiaryEntry"
      }
     },
     "nextCursor": {
      "type": [
       "string",
       "null"
      ],
      "description": "Pass as after= for the next page; null on the last."
     }
    }
   },
   "DiaryEntryList": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "items"
    ],
    "properties": {
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/DiaryEntry"
      }
     }
    }
   },
   "DiaryEntryInput": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "emotion"
    ],
    "properties": {
     "moment": {
      "type": "string",
      "format": "date-time"
     },
     "timeZone": {
      "type": "string",
      "description": "An IANA name such as Asia/Seoul (default: the server's)."
     },
     "emotion": {
      "$ref": "#/components/schemas/Emotion"
     },
     "intensity": {
      "type": "integer",
      "minimum": 1,
      "maximum": 5
     },
     "title": {
      "type": [
       "string",
       "null"
      ],
      "maxLength": 100
     },
     "text": {
      "type": "string",
      "maxLength": 50000
     },
     "tags": {
      "type": "array",
      "maxItems": 20,
      "items": {
       "type": "string",
       "maxLength": 30
      }
     }
    }
   },
   "DiaryEntryPatch": {
    "type": "object",
    "additionalProperties": false,
    "required": [],
    "properties": {
     "moment": {
      "type": "string",
      "format": "date-time"
     },
     "timeZone": {
      "type": "string",
      "description": "An IANA name such as Asia/Seoul (default: the server's)."
     },
     "emotion": {
      "$ref": "#/components/schemas/Emotion"
     },
     "intensity": {
      "type": "integer",
      "minimum": 1,
      "maximum": 5
     },
     "title": {
      "type": [
       "string",
       "null"
      ],
      "maxLength": 100
     },
     "text": {
      "type": "string",
      "maxLength": 50000
     },
     "tags": {
      "type": "array",
      "maxItems": 20,
      "items": {
       "type": "string",
       "maxLength": 30
      }
     }
    }
   },
   "Transaction": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "id",
     "version",
     "date",
     "kind",
     "amount",
     "currency",
     "minorUnits",
     "category",
     "memo",
     "receipt",
     "createdAt",
     "updatedAt",
     "trashedAt"
    ],
    "properties": {
     "id": {
      "type": "string",
      "format": "uuid"
     },
     "version": {
      "type": "integer",
      "minimum": 1
     },
     "createdAt": {
      "type": "string",
      "format": "date-time"
     },
     "updatedAt": {
      "type": "string",
      "format": "date-time"
     },
     "trashedAt": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "date": {
      "type": "string",
      "format": "date"
     },
     "kind": {
      "type": "string",
      "enum": [
       "expense",
       "income"
      ]
     },
     "amount": {
      "type": "string",
      "description": "A decimal amount in the currency's units, such as 12.50 or 12000."
     },
     "currency": {
      "type": "string"
     },
     "minorUnits": {
      "type": "integer"
     },
     "category": {
      "type": "string"
     },
     "memo": {
      "type": "string"
     },
     "receipt": {
      "oneOf": [
       {
        "$ref": "#/components/schemas/Image"
       },
       {
        "type": "null"
       }
      ]
     }
    }
   },
   "TransactionPage": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "items",
     "nextCursor"
    ],
    "properties": {
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Transaction"
      }
     },
     "nextCursor": {
      "type": [
       "string",
       "null"
      ],
      "description": "Pass as after= for the next page; null on the last."
     }
    }
   },
   "TransactionList": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "items"
    ],
    "properties": {
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Transaction"
      }
     }
    }
   },
   "TransactionInput": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "date",
     "kind",
     "amount",
     "currency",
     "category"
    ],
    "properties": {
     "date": {
      "type": "string",
      "format": "date"
     },
     "kind": {
      "type": "string",
      "enum": [
       "expense",
       "income"
      ]
     },
     "amount": {
      "type": "string",
      "description": "A decimal amount in the currency's units, such as 12.50 or 12000."
     },
     "currency": {
      "type": "string",
      "description": "ISO 4217, such as KRW or USD."
     },
     "category": {
      "type": "string",
      "maxLength": 50
     },
     "memo": {
      "type": "string",
      "maxLength": 2000
     }
    }
   },
   "TransactionPatch": {
    "type": "object",
    "additionalProperties": false,
    "required": [],
    "properties": {
     "date": {
      "type": "string",
      "format": "date"
     },
     "kind": {
      "type": "string",
      "enum": [
       "expense",
       "income"
      ]
     },
     "amount": {
      "type": "string",
      "description": "A decimal amount in the currency's units, such as 12.50 or 12000."
     },
     "currency": {
      "type": "string",
      "description": "ISO 4217, such as KRW or USD."
     },
     "category": {
      "type": "string",
      "maxLength": 50
     },
     "memo": {
      "type": "string",
      "maxLength": 2000
     }
    }
   },
   "Post": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "id",
     "version",
     "title",
     "contents",
     "date",
     "images",
     "createdAt",
     "updatedAt",
     "trashedAt"
    ],
    "properties": {
     "id": {
      "type": "string",
      "format": "uuid"
     },
     "version": {
      "type": "integer",
      "minimum": 1
     },
     "createdAt": {
      "type": "string",
      "format": "date-time"
     },
     "updatedAt": {
      "type": "string",
      "format": "date-time"
     },
     "trashedAt": {
      "type": [
       "string",
       "null"
      ],
      "format": "date-time"
     },
     "title": {
      "type": "string"
     },
     "contents": {
      "type": "string"
     },
     "date": {
      "type": "string",
      "format": "date-time"
     },
     "images": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Image"
      }
     }
    }
   },
   "PostPage": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "items",
     "nextCursor"
    ],
    "properties": {
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Post"
      }
     },
     "nextCursor": {
      "type": [
       "string",
       "null"
      ],
      "description": "Pass as after= for the next page; null on the last."
     }
    }
   },
   "PostList": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "items"
    ],
    "properties": {
     "items": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Post"
      }
     }
    }
   },
   "PostInput": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "title"
    ],
    "properties": {
     "title": {
      "type": "string",
      "maxLength": 200
     },
     "contents": {
      "type": "string",
      "maxLength": 10000
     },
     "date": {
      "type": "string",
      "format": "date-time"
     }
    }
   },
   "PostPatch": {
    "type": "object",
    "additionalProperties": false,
    "required": [],
    "properties": {
     "title": {
      "type": "string",
      "maxLength": 200
     },
     "contents": {
      "type": "string",
      "maxLength": 10000
     },
     "date": {
      "type": "string",
      "format": "date-time"
     }
    }
   },
   "Change": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "sequence",
     "kind",
     "collection",
     "id",
     "at",
     "deleted",
     "record"
    ],
    "properties": {
     "sequence": {
      "type": "integer"
     },
     "kind": {
      "type": "string",
      "enum": [
       "inserted",
       "updated",
       "trashed",
       "restored",
       "deleted"
      ]
     },
     "collection": {
      "type": "string"
     },
     "id": {
      "type": "string",
      "format": "uuid"
     },
     "at": {
      "type": "string",
      "format": "date-time"
     },
     "deleted": {
      "type": "boolean",
      "description": "A tombstone: the record is gone for good."
     },
     "record": {
      "description": "The record as it is now (a DiaryEntry, Transaction or Post by collection), or null for a tombstone.",
      "oneOf": [
       {
        "type": "null"
       },
       {
        "$ref": "#/components/schemas/DiaryEntry"
       },
       {
        "$ref": "#/components/schemas/Transaction"
       },
       {
        "$ref": "#/components/schemas/Post"
       }
      ]
     }
    }
   },
   "ChangePage": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "changes",
     "next",
     "hasMore",
     "latest"
    ],
    "properties": {
     "changes": {
      "type": "array",
      "items": {
       "$ref": "#/components/schemas/Change"
      }
     },
     "next": {
      "type": "integer",
      "description": "The after= of the next call."
     },
     "hasMore": {
      "type": "boolean"
     },
     "latest": {
      "type": "integer",
      "description": "The newest sequence in the store."
     }
    }
   },
   "Calendar": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "month",
     "days"
    ],
    "properties": {
     "month": {
      "type": "string"
     },
     "days": {
      "type": "array",
      "items": {
       "type": "object",
       "additionalProperties": false,
       "required": [
        "day",
        "count",
        "dominantEmotion",
        "emotions"
       ],
       "properties": {
        "day": {
         "type": "string",
         "format": "date"
        },
        "count": {
         "type": "integer"
        },
        "dominantEmotion": {
         "$ref": "#/components/schemas/Emotion"
        },
        "emotions": {
         "type": "object",
         "additionalProperties": {
          "type": "integer"
         }
        }
       }
      }
     }
    }
   },
   "Statistics": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "timeZone",
     "periods"
    ],
    "properties": {
     "timeZone": {
      "type": "string"
     },
     "periods": {
      "type": "array",
      "items": {
       "type": "object",
       "additionalProperties": false,
       "required": [
        "label",
        "firstDay",
        "start",
        "end",
        "entryCount",
        "emotions",
        "averageIntensity"
       ],
       "properties": {
        "label": {
         "type": "string"
        },
        "firstDay": {
         "type": "string",
         "format": "date"
        },
        "start": {
         "type": "string",
         "format": "date-time"
        },
        "end": {
         "type": "string",
         "format": "date-time"
        },
        "entryCount": {
         "type": "integer"
        },
        "emotions": {
         "type": "object",
         "additionalProperties": {
          "type": "integer"
         }
        },
        "averageIntensity": {
         "type": [
          "number",
          "null"
         ]
        }
       }
      }
     }
    }
   },
   "Totals": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "currency",
     "income",
     "expense",
     "balance",
     "transactionCount"
    ],
    "properties": {
     "currency": {
      "type": "string"
     },
     "income": {
      "type": "string"
     },
     "expense": {
      "type": "string"
     },
     "balance": {
      "type": "string"
     },
     "transactionCount": {
      "type": "integer"
     }
    }
   },
   "MonthlyReport": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "year",
     "months"
    ],
    "properties": {
     "year": {
      "type": "integer"
     },
     "months": {
      "type": "array",
      "items": {
       "type": "object",
       "additionalProperties": false,
       "required": [
        "month",
        "totals"
       ],
       "properties": {
        "month": {
         "type": "string"
        },
        "totals": {
         "type": "array",
         "items": {
          "$ref": "#/components/schemas/Totals"
         }
        }
       }
      }
     }
    }
   },
   "CategoryReport": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "year",
     "month",
     "categories"
    ],
    "properties": {
     "year": {
      "type": "integer"
     },
     "month": {
      "type": [
       "integer",
       "null"
      ]
     },
     "categories": {
      "type": "array",
      "items": {
       "type": "object",
       "additionalProperties": false,
       "required": [
        "currency",
        "category",
        "income",
        "expense",
        "balance",
        "transactionCount"
       ],
       "properties": {
        "currency": {
         "type": "string"
        },
        "category": {
         "type": "string"
        },
        "income": {
         "type": "string"
        },
        "expense": {
         "type": "string"
        },
        "balance": {
         "type": "string"
        },
        "transactionCount": {
         "type": "integer"
        }
       }
      }
     }
    }
   },
   "StoreStatus": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "collections",
     "totalRecords",
     "totalImages",
     "totalBytes",
     "intentsInFlight",
     "imageProcessor",
     "metadata",
     "blobs",
     "lastChangeSequence"
    ],
    "properties": {
     "collections": {
      "type": "array",
      "items": {
       "type": "object",
       "additionalProperties": false,
       "required": [
        "name",
        "live",
        "trashed",
        "images",
        "bytes"
       ],
       "properties": {
        "name": {
         "type": "string"
        },
        "live": {
         "type": "integer"
        },
        "trashed": {
         "type": "integer"
        },
        "images": {
         "type": "integer"
        },
        "bytes": {
         "type": "integer"
        }
       }
      }
     },
     "totalRecords": {
      "type": "integer"
     },
     "totalImages": {
      "type": "integer"
     },
     "totalBytes": {
      "type": "integer"
     },
     "intentsInFlight": {
      "type": "integer"
     },
     "imageProcessor": {
      "type": "string"
     },
     "metadata": {
      "type": "object",
      "additionalProperties": false,
      "required": [
       "kind",
       "location",
       "figures"
      ],
      "properties": {
       "kind": {
        "type": "string"
       },
       "location": {
        "type": "string"
       },
       "figures": {
        "type": "array",
        "items": {
         "type": "object",
         "additionalProperties": false,
         "required": [
          "label",
          "value"
         ],
         "properties": {
          "label": {
           "type": "string"
          },
          "value": {
           "type": "string"
          }
         }
        }
       }
      }
     },
     "blobs": {
      "type": "object",
      "additionalProperties": false,
      "required": [
       "kind",
       "location",
       "figures"
      ],
      "properties": {
       "kind": {
        "type": "string"
       },
       "location": {
        "type": "string"
       },
       "figures": {
        "type": "array",
        "items": {
         "type": "object",
         "additionalProperties": false,
         "required": [
          "label",
          "value"
         ],
         "properties": {
          "label": {
           "type": "string"
          },
          "value": {
           "type": "string"
          }
         }
        }
       }
      }
     },
     "lastChangeSequence": {
      "type": "integer"
     }
    }
   },
   "FsckReport": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "isClean",
     "recordsChecked",
     "attachmentsChecked",
     "filesScanned",
     "intentsRecovered",
     "danglingReferences",
     "orphanFiles",
     "hashMismatches",
     "missingThumbnails",
     "orphanThumbnails",
     "unexpectedEntries",
     "repairs",
     "unrepairable"
    ],
    "properties": {
     "isClean": {
      "type": "boolean"
     },
     "recordsChecked": {
      "type": "integer"
     },
     "attachmentsChecked": {
      "type": "integer"
     },
     "filesScanned": {
      "type": "integer"
     },
     "intentsRecovered": {
      "type": "integer"
     },
     "danglingReferences": {
      "type": "array",
      "items": {
       "type": "object",
       "additionalProperties": false,
       "required": [
        "recordID",
        "attachmentID",
        "path"
       ],
       "properties": {
        "recordID": {
         "type": "string"
        },
        "attachmentID": {
         "type": "integer"
        },
        "path": {
         "type": "string"
        }
       }
      }
     },
     "orphanFiles": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "hashMismatches": {
      "type": "array",
      "items": {
       "type": "object",
       "additionalProperties": false,
       "required": [
        "recordID",
        "attachmentID",
        "path"
       ],
       "properties": {
        "recordID": {
         "type": "string"
        },
        "attachmentID": {
         "type": "integer"
        },
        "path": {
         "type": "string"
        }
       }
      }
     },
     "missingThumbnails": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "orphanThumbnails": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "unexpectedEntries": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "repairs": {
      "type": "array",
      "items": {
       "type": "string"
      }
     },
     "unrepairable": {
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   }
  }
 }
}
"""#
}
