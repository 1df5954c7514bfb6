/// `/assets/offline.html`: what the installed app shows for a page it has not seen while the
/// server cannot be reached. Static (no session, no private data), in English and Korean, with a
/// way back to the pages that are kept.
enum OfflinePage {
    /// The page, linking the style sheet at `styleURL`.
    static func html(styleURL: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="theme-color" content="\(WebManifest.themeColor)">
        <title>Offline · Keepsake</title>
        <link rel="stylesheet" href="\(styleURL)">
        </head>
        <body>
        <header class="site"><a class="brand" href="/diary">Keepsake</a></header>
        <main>
        <section class="offline-page">
        <h1>You are offline</h1>
        <p>The server cannot be reached, and this page was not opened here before. The pages you opened recently are still here: go back, or open <a href="/diary">the diary</a>.</p>
        <h1 lang="ko">오프라인입니다</h1>
        <p lang="ko">서버에 연결할 수 없고, 이 화면은 아직 이 기기에서 열어 본 적이 없습니다. 최근에 열어 본 화면은 그대로 볼 수 있습니다: 뒤로 가거나 <a href="/diary">일기</a>를 여세요.</p>
        </section>
        </main>
        </body>
        </html>

        """
    }
}
