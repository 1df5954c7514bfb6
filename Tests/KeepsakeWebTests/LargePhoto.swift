import Foundation
import KeepsakeTestSupport

/// Large real JPEGs for the streaming tests, made with the `vips` command-line tool (Debian's
/// `libvips-tools`): three bands of Gaussian noise saved at quality 100 without chroma
/// subsampling, which JPEG cannot compress much (about 3.8 bytes a pixel).
enum LargePhoto {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A `width`×`height` noise JPEG in `directory`.
    static func make(in directory: TemporaryDirectory, width: Int, height: Int) throws -> URL {
        let vips = URL(fileURLWithPath: "/usr/bin/vips")
        let output = directory.appending("noise-\(width)x\(height).jpg")
        let bands = (1...3).map { directory.appending("band\($0).v").path }
        let joined = directory.appending("joined.v").path, bytes = directory.appending("bytes.v").path
        defer { for path in bands + [joined, bytes] { try? FileManager.default.removeItem(atPath: path) } }
        var steps = bands.enumerated().map { ["gaussnoise", $0.element, "\(width)", "\(height)", "--mean", "128", "--sigma", "90", "--seed", "\($0.offset + 1)"] }
        steps += [["bandjoin", bands.joined(separator: " "), joined], ["cast", joined, bytes, "uchar"],
                  ["jpegsave", bytes, output.path, "--Q", "100", "--subsample-mode", "off"]]
        for step in steps {
            let result = try runProcess(vips, step)
            guard result.status == 0 else { throw Failure(description: "vips \(step.joined(separator: " ")) failed: \(result.stderr)") }
        }
        return output
    }
}
