import Foundation
@testable import KeepsakeWeb
import Testing

/// The page's machine-readable times are what Foundation's ISO 8601 style writes.
@Suite struct FormatsTests {
    @Test func timestampsAreWrittenAsTheISO8601FormatStyleWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var dates = (0..<2000).map { _ in Date(timeIntervalSince1970: Double.random(in: -62_000_000_000...250_000_000_000, using: &generator)) }
        dates += [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.5), Date(timeIntervalSince1970: 1_764_650_999.999),
                  Date(timeIntervalSince1970: 951_782_400)]  // 2000-02-29
        for date in dates {
            #expect(Formats.timestamp(date) == date.formatted(Date.ISO8601FormatStyle()), "\(date.timeIntervalSince1970)")
        }
    }
}
