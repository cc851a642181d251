import Testing

@testable import QwinkleFederation

/// Another server's HTML is read by a tokenizer, reduced to Mastodon's strict allow-list and written again by
/// Qwinkle: what a reader sees is what its author marked up (paragraphs, breaks, links, mentions, emphasis, lists),
/// and nothing of it can run or restyle a page.
@Suite("Remote HTML: kept, safely")
struct RemoteHTMLTests {
    /// Every tag and attribute of `html`, read back with the same tokenizer: what a browser would build from it.
    static func written(_ html: String) -> [HTMLToken] {
        Array(HTMLTokenizer(html))
    }

    static let allowed: [String: Set<String>] = [
        "p": [], "br": [], "a": ["href", "class", "rel", "target"], "span": ["class"], "em": [], "strong": [], "b": [], "i": [], "u": [],
        "del": [], "code": [], "pre": [], "blockquote": [], "ul": [], "ol": [], "li": [],
    ]

    /// Fails unless every element and attribute of `html` is on the allow-list and every link goes to a web address.
    static func expectAllowed(_ html: String, from input: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for token in written(html) {
            guard case .start(let name, let attributes, _) = token else { continue }
            guard let names = allowed[name] else {
                Issue.record("<\(name)> was written for \(input): \(html)", sourceLocation: sourceLocation)
                continue
            }
            for attribute in attributes {
                #expect(names.contains(attribute.name), "\(name)[\(attribute.name)] for \(input): \(html)", sourceLocation: sourceLocation)
                if attribute.name == "href" {
                    #expect(attribute.value.hasPrefix("https://") || attribute.value.hasPrefix("http://"), "\(attribute.value) for \(input)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("Breaks and headings keep their lines: line<br/>break, Title then Sub")
    func lines() {
        let broken = RemoteHTML.kept("line<br/>break")
        #expect(broken.text == "line\nbreak")
        #expect(broken.html == "<p>line<br>break</p>")
        let headed = RemoteHTML.kept("<h1>Title</h1><h2>Sub</h2><p>Body</p>")
        #expect(headed.text == "Title\n\nSub\n\nBody")
        #expect(headed.html == "<p><strong>Title</strong></p><p><strong>Sub</strong></p><p>Body</p>")
        #expect(RemoteHTML.kept("<div>one</div><div>two</div>").html == "<p>one</p><p>two</p>", "a div ends a paragraph")
        #expect(RemoteHTML.kept("<p>a\n   b</p>\n\n<p>c</p>").text == "a b\n\nc", "whitespace runs are one space, as shown")
    }

    @Test("Links to web addresses stay links, nofollow; any other target is its text; a link's text that hides its address is followed by it")
    func links() {
        let link = RemoteHTML.kept(#"<p>See <a href="https://example.com/x" onclick="steal()">this</a>.</p>"#)
        #expect(link.html == #"<p>See <a href="https://example.com/x" rel="nofollow noopener noreferrer" target="_blank">this</a>.</p>"#)
        #expect(link.text == "See this (https://example.com/x).")
        for target in ["javascript:alert(1)", " JavaScript:alert(1)", "jav&#x09;ascript:alert(1)", "data:text/html,<script>alert(1)</script>", "/relative", "//no-scheme.example"] {
            let kept = RemoteHTML.kept(#"<p><a href="\#(target)">click</a></p>"#)
            #expect(kept.html == "<p>click</p>", "\(target): \(kept.html)")
        }
        // Mastodon's shortened link: its hidden parts are part of its text, which is then the address itself.
        let long = #"<p><a href="https://example.com/a/long/path" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="ellipsis">example.com/a/lo</span><span class="invisible">ng/path</span></a></p>"#
        let shortened = RemoteHTML.kept(long)
        #expect(shortened.text == "https://example.com/a/long/path")
        #expect(shortened.html.contains(#"<span class="invisible">https://</span><span class="ellipsis">example.com/a/lo</span>"#))
    }

    @Test("Mentions and hashtags keep Mastodon's markup and classes")
    func mentions() {
        let note = #"<p><span class="h-card" translate="no"><a href="https://social.example/@abe" class="u-url mention">@<span>abe</span></a></span> tea? <a href="https://social.example/tags/tea" class="mention hashtag" rel="tag">#<span>tea</span></a></p>"#
        let kept = RemoteHTML.kept(note)
        #expect(kept.text == "@abe tea? #tea")
        #expect(kept.html == #"<p><span class="h-card"><a href="https://social.example/@abe" class="u-url mention" rel="nofollow noopener noreferrer" target="_blank">@abe</a></span> tea? <a href="https://social.example/tags/tea" class="mention hashtag" rel="nofollow noopener noreferrer" target="_blank">#tea</a></p>"#)
    }

    @Test("Emphasis, code, quotes and lists are kept; their text reads in lines")
    func structure() {
        let kept = RemoteHTML.kept("<p><strong>Bold</strong>, <em>soft</em>, <s>gone</s>, <code>x &lt; y</code></p><blockquote><p>Quoted</p></blockquote><ul><li>one</li><li>two<li>three</ul><pre>a  b\n c</pre>")
        #expect(kept.html == "<p><strong>Bold</strong>, <em>soft</em>, <del>gone</del>, <code>x &lt; y</code></p><blockquote><p>Quoted</p></blockquote><ul><li>one</li><li>two</li><li>three</li></ul><pre>a  b\n c</pre>")
        #expect(kept.text == "Bold, soft, gone, x < y\n\nQuoted\n\none\ntwo\nthree\n\na  b\nc")
    }

    @Test("Character references are decoded once; unknown ones stay as written; what is left open is closed")
    func references() {
        #expect(RemoteHTML.kept("<p>&amp;lt; &#x27;quoted&#39; &copy 2026 &hellip; &qwinkle; &#0; &#x110000;</p>").text == "&lt; 'quoted' © 2026 … &qwinkle; \u{FFFD} \u{FFFD}")
        // As browsers read it: `&not` needs no `;` in text, so it is read out of a longer unknown name.
        #expect(RemoteHTML.kept("&notit;").text == "¬it;")
        #expect(RemoteHTML.kept("<p>Fish &amp; chips &lt;3</p>").html == "<p>Fish &amp; chips &lt;3</p>")
        #expect(RemoteHTML.kept("<p><strong>bold <em>and more").html == "<p><strong>bold <em>and more</em></strong></p>")
        #expect(RemoteHTML.kept("a <!-- <p>hidden</p> --> b <b").text == "a b", "a comment is nothing, a tag cut off by the end is dropped")
        #expect(RemoteHTML.kept("1 < 2 and 3 > 2").text == "1 < 2 and 3 > 2", "a < that opens no tag is text")
    }

    @Test("Scripts, styles, frames, images, forms and event handlers never get through, whatever their disguise", arguments: [
        "<script>alert(1)</script>ok", "<p>o<script>document.write('</p>')</script>k</p>", "<style>p{display:none}</style>ok",
        "<img src=x onerror=alert(1)>ok", "<svg><script>alert(1)</script></svg>ok", "<iframe src=https://evil.example></iframe>ok",
        "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>ok", "<<script>script>alert(1)<</script>/script>ok",
        "<p/onmouseover=alert(1)>ok</p>", "<a href=\"https://ok.example\" onclick=\"x\" style=\"position:fixed\">ok</a>",
        "\"><script>alert(1)</script>ok", "<scr<script>ipt>alert(1)</script>ok", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok",
        "<form action=https://evil.example><input name=q><button>ok</button></form>", "<object data=x></object><embed src=x>ok",
        "<a href=\"https://ok.example\"><img src=x onerror=alert(1)></a>ok", "<body onload=alert(1)>ok", "<meta http-equiv=refresh content=0>ok",
        "<link rel=stylesheet href=https://evil.example/x.css>ok", "<base href=https://evil.example/>ok", "<textarea><script>alert(1)</script></textarea>ok",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">ok", "<template><script>alert(1)</script></template>ok",
        "<span class=\"invisible\" style=\"color:red\" id=\"x\">ok</span>", "<p class=\"hacked\" dir=\"rtl\" lang=\"x\">ok</p>",
    ])
    func nothingRuns(input: String) {
        let kept = RemoteHTML.kept(input)
        Self.expectAllowed(kept.html, from: input)
        #expect(!kept.html.lowercased().contains("<script") && !kept.html.lowercased().contains("onerror"), "\(input): \(kept.html)")
        #expect(kept.text.contains("ok"), "\(input): \(kept.text)")
    }
}
