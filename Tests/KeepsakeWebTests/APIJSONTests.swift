import Foundation
@testable import KeepsakeWeb
import Testing

/// The API's own RFC 3339 reader: every form the document's `date-time` allows, nothing else.
@Suite struct APIJSONTests {
    @Test func readsEveryRFC3339FormAndTheSameInstantsAsFoundation() throws {
        let iso = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for text in ["2026-11-29T21:10:00.000+09:00", "2000-02-29T00:00:00.123Z", "1970-01-01T00:00:00.000Z", "2024-12-31T23:59:59.999-05:30"] {
            let parsed = try #require(APIJSON.parseTimestamp(text), "\(text)")
            #expect(abs(parsed.timeIntervalSince(try iso.parse(text))) < 1e-6, "\(text)")
        }
        #expect(APIJSON.parseTimestamp("2026-11-29T21:10:00Z") == (try iso.parse("2026-11-29T21:10:00.000Z")))
        #expect(APIJSON.parseTimestamp("2026-11-29t21:10:00z") == APIJSON.parseTimestamp("2026-11-29T21:10:00Z"))
        #expect(APIJSON.parseTimestamp("2026-11-29 21:10:00.5Z").map { $0.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) } == 0.5)
        // Far offsets and early years (the proleptic Gregorian calendar), as schemathesis sends them.
        let early = try #require(APIJSON.parseTimestamp("0931-04-02T05:28:49.4-23:54"))
        #expect(APIJSON.parseTimestamp(APIJSON.timestamp(early)) == early, "an answer's time reads back as the same instant")
        #expect(APIJSON.parseTimestamp("0931-04-03T05:22:49.4Z") == early)
        for bad in ["2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T21:10:00", "2026-11-29T21:10:00.Z",
                    "2026-11-29T21:10:00+24:00", "2026-11-29T21:10:00+0900", "0000-01-01T00:00:00Z", "2026-11-29T21:10:00Z ", ""] {
            #expect(APIJSON.parseTimestamp(bad) == nil, "\(bad)")
        }
    }
}
