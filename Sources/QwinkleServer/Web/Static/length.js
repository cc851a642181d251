// Weighted length, counted exactly as QwinkleKit's LinkScanner and LengthRule count it, so the compose form's
// counter never says "fits" for a post the server refuses. It touches no page, so node can run it too:
// Tests/JavaScript checks it against answers Swift wrote (Tests/JavaScript/vectors.json).
//
// Swift walks Characters (grapheme clusters) and asks Character.isLetter / isNumber / isWhitespace, which look
// at a Character's first scalar only; the regular expressions below are anchored at the start of a grapheme for
// that reason.
(function () {
  "use strict";

  // QwinkleKit's LengthRule.standard. The server writes its own rule into the compose form; these are the
  // fallbacks for an attribute that is missing.
  const standardRule = Object.freeze({ maxCharacters: 140, perURL: 23, perPhoto: 23, maxPhotos: 4 });

  const segmenter =
    typeof Intl !== "undefined" && typeof Intl.Segmenter === "function"
      ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
      : null;

  function graphemes(text) {
    if (segmenter) return Array.from(segmenter.segment(text), (part) => part.segment);
    return Array.from(text);
  }

  // Character.isLetter is Unicode's Alphabetic property; isNumber is "has a numeric type", which \p{N} covers
  // for every character that is not already Alphabetic.
  const letterOrNumber = /^[\p{Alphabetic}\p{N}]/u;
  const whitespace = /^\p{White_Space}/u;
  const schemes = ["http://", "https://"];
  const trailingPunctuation = new Set([".", ",", ";", ":", "!", "?", "'", '"', "\u2019", "\u201D"]);
  const closingBrackets = new Map([[")", "("], ["]", "["], ["}", "{"], [">", "<"]]);

  function startsWord(previous) {
    if (previous === null) return true;
    return !(letterOrNumber.test(previous) || previous === "_");
  }

  function countOf(characters, start, end, wanted) {
    let count = 0;
    for (let index = start; index < end; index += 1) if (characters[index] === wanted) count += 1;
    return count;
  }

  function shouldTrim(characters, start, end) {
    const last = characters[end - 1];
    if (trailingPunctuation.has(last)) return true;
    const opening = closingBrackets.get(last);
    if (opening === undefined) return false;
    // Keep a bracket the link itself opened, as in https://en.wikipedia.org/wiki/Swift_(language).
    return countOf(characters, start, end, last) > countOf(characters, start, end, opening);
  }

  // Swift compares whole Characters, so "/" followed by a combining mark is not "/": compare grapheme by grapheme.
  function schemeAt(characters, start) {
    return schemes.find((scheme) => {
      if (start + scheme.length > characters.length) return false;
      for (let offset = 0; offset < scheme.length; offset += 1) {
        if (characters[start + offset].toLowerCase() !== scheme[offset]) return false;
      }
      return true;
    });
  }

  function linkEnd(characters, start) {
    const scheme = schemeAt(characters, start);
    if (scheme === undefined) return null;
    const afterScheme = start + scheme.length;
    let end = afterScheme;
    while (end < characters.length && !whitespace.test(characters[end])) end += 1;
    while (end > afterScheme && shouldTrim(characters, start, end)) end -= 1;
    // A scheme with nothing after it ("see http://") is text, not a link.
    return end > afterScheme ? end : null;
  }

  // The runs of plain text and links, as grapheme ranges [start, end) of `characters`, in order.
  function scan(characters) {
    const runs = [];
    let plainStart = 0;
    let previous = null;
    let index = 0;
    while (index < characters.length) {
      const character = characters[index];
      if ((character === "h" || character === "H") && startsWord(previous)) {
        const end = linkEnd(characters, index);
        if (end !== null) {
          if (plainStart < index) runs.push({ kind: "text", start: plainStart, end: index });
          runs.push({ kind: "link", start: index, end });
          plainStart = end;
          previous = characters[end - 1];
          index = end;
          continue;
        }
      }
      previous = character;
      index += 1;
    }
    if (plainStart < characters.length) runs.push({ kind: "text", start: plainStart, end: characters.length });
    return runs;
  }

  // LinkScanner.segments: {kind: "text" | "link", text}; joined together they are the text again.
  function segments(text) {
    const characters = graphemes(text);
    return scan(characters).map((run) => ({ kind: run.kind, text: characters.slice(run.start, run.end).join("") }));
  }

  // LengthRule.weightedLength: graphemes, but every link counts rule.perURL and every photo rule.perPhoto.
  function weightedLength(text, photoCount, rule) {
    const counted = scan(graphemes(text)).reduce(
      (total, run) => total + (run.kind === "link" ? rule.perURL : run.end - run.start),
      0,
    );
    return counted + photoCount * rule.perPhoto;
  }

  function isBlank(text) {
    return graphemes(text).every((character) => whitespace.test(character));
  }

  // A content warning's characters as LengthRule counts them: kept on one line and trimmed (ContentLine.kept),
  // every character one, links too.
  function warningLength(warning) {
    if (typeof warning !== "string") return 0;
    return graphemes(warning.split(/[\n\r\u000b\u000c\u0085\u2028\u2029]+/).join(" ").trim()).length;
  }

  // LengthRule.assess for the counter, with the limit the server wrote for the chosen visibility and the content
  // warning as typed. The form never holds more photos than rule.maxPhotos (the file input is disabled at the
  // maximum), so `canPost` leaves that check to the server.
  function assess(text, photoCount, limit, rule, warning) {
    const remaining = limit - weightedLength(text, photoCount, rule) - warningLength(warning);
    const isEmpty = photoCount === 0 && isBlank(text);
    return Object.freeze({ remaining, isEmpty, canPost: remaining >= 0 && !isEmpty });
  }

  const api = Object.freeze({ standardRule, segments, weightedLength, isBlank, assess });
  globalThis.QwinkleLength = api;
  if (typeof module === "object" && module !== null && module.exports) module.exports = api;
})();
