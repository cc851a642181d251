// Profile settings: a chosen avatar is uploaded at once (POST /api/qwinkle/v1/photos), and the form then sends its ID.
(() => {
  "use strict";
  const form = document.querySelector('form[data-role="settings"]');
  if (!form) return;
  const input = form.querySelector('[data-role="avatar-input"]');
  const id = form.querySelector('[data-role="avatar-id"]');
  const preview = form.querySelector('[data-role="avatar-preview"]');
  const status = form.querySelector('[data-role="avatar-status"]');
  const submit = form.querySelector('button[type="submit"]');
  if (!input || !id) return;

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    submit.disabled = true;
    status.textContent = "Uploading…";
    try {
      const answer = await window.Qwinkle.uploadPhoto(file);
      id.value = answer.id;
      const image = document.createElement("img");
      image.className = "avatar avatar-large";
      image.alt = "Your new avatar";
      image.width = 80;
      image.height = 80;
      image.src = answer.url;
      preview.replaceChildren(image);
      status.textContent = "Uploaded. Save to use it.";
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : "The photo could not be uploaded.";
    } finally {
      input.value = "";
      submit.disabled = false;
    }
  });
})();

// Importing an archive: the chosen file is sent as it is (POST /api/qwinkle/v1/accounts/me/archive with the page's CSRF token;
// a ZIP as application/zip, jrnl's JSON export as plain bytes, since the server tells formats apart by what they
// hold), with the time zone for times written without one (the browser's own unless changed), and the server's
// report is shown.
(() => {
  "use strict";
  const form = document.querySelector('form[data-role="archive-import"]');
  if (!form) return;
  const input = form.querySelector('[data-role="archive-input"]');
  const report = form.querySelector('[data-role="archive-report"]');
  const submit = form.querySelector('button[type="submit"]');
  const zone = form.querySelector('[data-role="archive-time-zone"]');
  if (zone && !zone.value) {
    try {
      zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (_) {
      // No zone known: the field stays empty and the server reads such times as UTC.
    }
  }

  const line = (text) => {
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    return paragraph;
  };
  const count = (number, one, many) => `${number} ${number === 1 ? one : many}`;
  const isZIP = (file) => file.type === "application/zip" || /\.zip$/i.test(file.name);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = input.files && input.files[0];
    if (!file) return;
    submit.disabled = true;
    report.replaceChildren(line("Importing…"));
    try {
      let response;
      try {
        const timeZone = zone ? zone.value.trim() : "";
        const query = timeZone ? `?time_zone=${encodeURIComponent(timeZone)}` : "";
        response = await fetch(`/api/qwinkle/v1/accounts/me/archive${query}`, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": isZIP(file) ? "application/zip" : "application/octet-stream", "X-CSRF-Token": window.Qwinkle.csrfToken, Accept: "application/json" },
          body: file,
        });
      } catch (_) {
        throw new Error("The archive could not be sent: Qwinkle could not be reached. Check your connection and try again.");
      }
      if (!response.ok) {
        throw new Error(await window.Qwinkle.errorMessage(response, `The server could not import the archive (error ${response.status}).`));
      }
      const done = await response.json();
      const lines = [
        line(`Imported ${count(done.entries_imported, "entry", "entries")} and ${count(done.photos_imported, "photo", "photos")}.`),
      ];
      if (done.entries_already_present > 0) {
        const one = done.entries_already_present === 1;
        lines.push(line(`${count(done.entries_already_present, "entry", "entries")} had been imported before and ${one ? "was left as it is" : "were left as they are"}.`));
      }
      if (done.following.length > 0) lines.push(line(`Following again: ${done.following.join(", ")}.`));
      if (done.following_not_found.length > 0) lines.push(line(`Not on this server, so not followed: ${done.following_not_found.join(", ")}.`));
      if (done.journal_readers.length > 0) lines.push(line(`Journal shared again with: ${done.journal_readers.join(", ")}.`));
      if (done.journal_readers_not_found.length > 0) {
        lines.push(line(`Not on this server, so the journal is not shared with: ${done.journal_readers_not_found.join(", ")}.`));
      }
      // Each warning is a whole sentence: something split, kept once, or left out, and why.
      for (const warning of done.warnings) lines.push(line(warning));
      report.replaceChildren(...lines);
      report.dataset.state = "done";
    } catch (error) {
      const message = line(error instanceof Error ? error.message : "The archive could not be imported.");
      message.className = "field-error";
      report.replaceChildren(message);
      report.dataset.state = "failed";
    } finally {
      input.value = "";
      submit.disabled = false;
    }
  });
})();
