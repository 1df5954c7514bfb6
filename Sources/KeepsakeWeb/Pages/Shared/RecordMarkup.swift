import KeepsakeStore

/// Markup the page of one record has in every app with photos: the photos large, and the edit,
/// delete and restore buttons.
enum RecordMarkup {
    /// The photos as 1024-pixel thumbnails, each linking to its original; `sizes` adds the
    /// dimensions to the caption.
    static func largePhotos(_ images: [Attachment], _ t: Strings, sizes: Bool) -> [HTML] {
        images.enumerated().map { index, image in
            let caption: HTML = sizes ? "\(t.photoNumber(index + 1)) · \(image.width)×\(image.height)" : "\(t.photoNumber(index + 1))"
            return """
                <figure class="photo-large" data-width="\(image.width)" data-height="\(image.height)">
                <a href="\(WebApp.imageURL(image, "original"))">\(WebApp.thumbnail(image, size: 1024, alt: t.photoNumber(index + 1), className: "large"))</a>
                <figcaption>\(caption)</figcaption>
                </figure>
                """
        }
    }

    /// The record's buttons at `path` (`/diary/<id>`): edit and delete, or, in the trash, a banner
    /// and restore.
    static func actions(_ path: String, trashed: Bool, _ t: Strings, csrf: HTML) -> HTML {
        trashed ? """
            <p class="banner">\(t[.inTrash])</p>
            <form method="post" action="\(path)/restore" class="inline">\(csrf)<button type="submit" class="primary">\(t[.restore])</button></form>
            """ : """
            <a class="button primary" href="\(path)/edit">\(t[.edit])</a>
            <form method="post" action="\(path)/delete" class="inline">\(csrf)<button type="submit" class="danger">\(t[.delete])</button></form>
            """
    }
}
