// What the page scripts share: the page's CSRF token, the server's error messages, and photo uploads. Loaded
// before them (scripts with `defer` run in order), as one namespaced object.
(function () {
  "use strict";

  const csrfMeta = document.querySelector('meta[name="csrf-token"]');
  const csrfToken = csrfMeta ? csrfMeta.content : "";

  // The message of the API's `{"error": {"message"}}` body, or `fallback` when there is none.
  async function errorMessage(response, fallback) {
    try {
      const json = await response.json();
      if (json && json.error && typeof json.error.message === "string" && json.error.message !== "") {
        return json.error.message;
      }
    } catch (_) {
      // Not JSON (a proxy's error page, say): fall through to the generic sentence.
    }
    return fallback;
  }

  // Sends a photo's bytes to POST /api/qwinkle/v1/photos and gives the stored photo, or throws an Error to show as it is.
  async function uploadPhoto(file) {
    let response;
    try {
      response = await fetch("/api/qwinkle/v1/photos", {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": file.type || "application/octet-stream",
          "X-CSRF-Token": csrfToken,
          Accept: "application/json",
        },
        body: file,
      });
    } catch (_) {
      throw new Error("The photo could not be uploaded: Qwinkle could not be reached. Check your connection and try again.");
    }
    if (!response.ok) {
      throw new Error(await errorMessage(response, `The server could not take the photo (error ${response.status}). Please try again.`));
    }
    let photo;
    try {
      photo = await response.json();
    } catch (_) {
      photo = null;
    }
    if (!photo || typeof photo.id !== "string" || photo.id === "") {
      throw new Error("The photo could not be uploaded: the server's answer was not understood.");
    }
    return photo;
  }

  // The article on the page for an entry, if it is shown.
  function articleFor(id, within = document) {
    return within.querySelector(`article[data-entry-id="${CSS.escape(id)}"]`);
  }

  // The article a live event carries, parsed but not yet on the page.
  function parsedArticle(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    const article = template.content.querySelector("article[data-entry-id]");
    return article && article.dataset.entryId ? article : null;
  }

  // Follows a list of articles (each in an `<li>`) live by its stream (`data-stream`): a new entry's article goes to
  // `add`; a changed entry replaces its article where it stands and a removed one leaves the list, when the list
  // shows it. The list says whether it is live (`data-live`), for people (styles) and for tests alike; EventSource
  // reconnects by itself.
  function followArticles(list, add) {
    function replace(article) {
      const shown = articleFor(article.dataset.entryId, list);
      if (shown) shown.replaceWith(article);
    }
    function remove(id) {
      const article = articleFor(id, list);
      if (article && article.parentElement) article.parentElement.remove();
    }
    const source = new EventSource(list.dataset.stream, { withCredentials: true });
    source.addEventListener("open", () => { list.dataset.live = "open"; });
    source.addEventListener("error", () => { list.dataset.live = "reconnecting"; });
    source.addEventListener("entry", (event) => { const article = parsedArticle(event.data); if (article) add(article); });
    source.addEventListener("update", (event) => { const article = parsedArticle(event.data); if (article) replace(article); });
    source.addEventListener("delete", (event) => remove(String(event.data)));
    // A block or a mute just hid these people (usernames, space-separated): every entry of theirs goes.
    source.addEventListener("hide", (event) => {
      const hidden = new Set(String(event.data).split(" "));
      for (const article of list.querySelectorAll("article[data-author]")) {
        if (hidden.has(article.dataset.author) && article.parentElement) article.parentElement.remove();
      }
    });
    window.addEventListener("pagehide", () => source.close());
  }

  window.Qwinkle = Object.freeze({ csrfToken, errorMessage, uploadPhoto, articleFor, parsedArticle, followArticles });
})();
