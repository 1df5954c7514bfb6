import KeepsakeWeb
import Testing

/// The one escaping function and the HTML builder.
@Suite struct HTMLTests {
    @Test func escapingCoversTextAndAttributes() {
        #expect(HTML.escape("<script>alert('x') & \"y\"</script>") == "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;")
        #expect(HTML.escape("한강 피크닉") == "한강 피크닉")
        #expect(HTML.escape("a\u{0}b") == "a\u{FFFD}b")
    }

    @Test func interpolatedStringsAreEscapedAndFragmentsAreNot() {
        let title = "<img src=x onerror=alert(1)>"
        let inner: HTML = "<b>\(title)</b>"
        let outer: HTML = "<p title=\"\(title)\">\(inner)</p>"
        #expect(outer.rendered == "<p title=\"&lt;img src=x onerror=alert(1)&gt;\"><b>&lt;img src=x onerror=alert(1)&gt;</b></p>")
    }
}
