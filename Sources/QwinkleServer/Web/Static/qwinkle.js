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

  // Sends a photo's bytes to POST /api/v1/photos and gives the stored photo, or throws an Error to show as it is.
  async function uploadPhoto(file) {
    let response;
    try {
      response = await fetch("/api/v1/photos", {
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

  window.Qwinkle = Object.freeze({ csrfToken, errorMessage, uploadPhoto });
})();
