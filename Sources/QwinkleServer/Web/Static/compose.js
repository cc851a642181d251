// The compose form: the character counter, the visibility description, the photo drawer and photo uploads.
//
// Two rules from talk 004 shape this file. The drawer's state is one value (`drawer`), written to the page by
// one render(); nothing asks the page whether the drawer is animating or "exists", so tapping faster than the
// CSS transition cannot make the button and the drawer disagree. And the counter is derived, never patched:
// every change that can alter it (typing, visibility, a photo chosen or removed) calls the same update().
(function () {
  "use strict";

  const form = document.querySelector('form[data-role="compose"]');
  if (!form) return;

  const body = form.querySelector('textarea[name="body"]');
  const remainingOutput = form.querySelector('[data-role="remaining"]');
  const remainingWords = form.querySelector('[data-role="remaining-words"]');
  const visibility = form.querySelector('select[name="visibility"]');
  const visibilityDescription = form.querySelector('[data-role="visibility-description"]');
  const drawerToggle = form.querySelector('[data-role="photo-drawer-toggle"]');
  const drawerElement = form.querySelector('[data-role="photo-drawer"]');
  const drawerLabel = form.querySelector('[data-role="photo-drawer-label"]');
  const photoCountOutput = form.querySelector('[data-role="photo-count"]');
  const photoInput = form.querySelector('[data-role="photo-input"]');
  const photoList = form.querySelector('[data-role="photo-list"]');
  const photoStatus = form.querySelector('[data-role="photo-status"]');
  const submitButtons = Array.from(form.querySelectorAll('button[type="submit"], input[type="submit"]'));

  // The counting rules live in length.js (loaded before this file), where node can test them against Swift.
  const Length = window.QwinkleLength;

  function numberSetting(value, fallback) {
    const number = Number.parseInt(value, 10);
    return Number.isFinite(number) && number >= 0 ? number : fallback;
  }
  // The server writes its LengthRule into these attributes; the fallbacks are QwinkleKit's standard rule.
  const rule = Object.freeze({
    perURL: numberSetting(form.dataset.charactersPerUrl, Length.standardRule.perURL),
    perPhoto: numberSetting(form.dataset.charactersPerPhoto, Length.standardRule.perPhoto),
  });
  const maxPhotos = numberSetting(form.dataset.maxPhotos, Length.standardRule.maxPhotos);
  const defaultLimit = Length.standardRule.maxCharacters;

  // ---------------------------------------------------------------------------------------------------------
  // The page's truth: the drawer value here, the body and visibility in their controls, the photos in the list.

  let drawer = drawerElement && drawerElement.dataset.state === "expanded" ? "expanded" : "collapsed";
  let submitting = false;

  function photoItems() {
    return photoList ? Array.from(photoList.querySelectorAll("li[data-photo]")) : [];
  }

  function selectedOption() {
    return visibility ? visibility.options[visibility.selectedIndex] || null : null;
  }

  function render() {
    const photos = photoItems();

    if (drawerElement) {
      drawerElement.dataset.state = drawer;
      // Collapsed contents stay in the DOM for the closing animation but must not take keyboard focus.
      drawerElement.inert = drawer === "collapsed";
    }
    if (drawerToggle) drawerToggle.setAttribute("aria-expanded", String(drawer === "expanded"));
    if (drawerLabel) drawerLabel.textContent = drawer === "expanded" ? "Hide photos" : "Show photos";
    if (photoCountOutput) photoCountOutput.textContent = String(photos.length);

    const option = selectedOption();
    const limit = numberSetting(option && option.dataset.limit, defaultLimit);
    const warning = form.querySelector("[data-content-warning]");
    const draft = Length.assess(body ? body.value : "", photos.length, limit, rule, warning ? warning.value : "");
    if (remainingOutput) {
      remainingOutput.textContent = String(draft.remaining);
      remainingOutput.dataset.over = String(draft.remaining < 0);
    }
    if (remainingWords) remainingWords.textContent = draft.remaining === 1 ? "character left" : "characters left";
    if (visibilityDescription && option && option.dataset.description !== undefined) {
      visibilityDescription.textContent = option.dataset.description;
    }

    const uploading = photos.some((item) => item.dataset.state === "uploading");
    const blocked = !draft.canPost || uploading || submitting;
    for (const button of submitButtons) button.disabled = blocked;

    if (photoInput) photoInput.disabled = photos.length >= maxPhotos;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Photos.

  let photoSerial = 0;
  const previewURLs = new WeakMap();

  function say(message) {
    if (!photoStatus) return;
    if (message !== altTextMissing) photoStatus.classList.remove("field-error");
    photoStatus.textContent = message;
  }

  function makeUploadingItem(file) {
    const item = document.createElement("li");
    item.dataset.photo = "";
    item.dataset.state = "uploading";
    const preview = document.createElement("img");
    preview.alt = "";
    try {
      const url = URL.createObjectURL(file);
      previewURLs.set(item, url);
      preview.src = url;
    } catch (_) {
      // A preview is a nicety; the upload goes ahead without one.
    }
    const progress = document.createElement("span");
    progress.className = "photo-progress";
    progress.textContent = "Uploading…";
    item.append(preview, progress);
    return item;
  }

  function forgetItem(item) {
    const url = previewURLs.get(item);
    if (url) URL.revokeObjectURL(url);
    previewURLs.delete(item);
    item.remove();
  }

  function markReady(item, photo, name) {
    photoSerial += 1;
    const altID = `photo-alt-${photoSerial}`;
    item.dataset.state = "ready";
    item.dataset.photoId = photo.id;
    const progress = item.querySelector(".photo-progress");
    if (progress) progress.remove();

    const idField = document.createElement("input");
    idField.type = "hidden";
    idField.name = "photo_id[]";
    idField.value = photo.id;

    const label = document.createElement("label");
    label.htmlFor = altID;
    label.textContent = "Alt text: describe the photo (needed)";
    const alt = document.createElement("input");
    alt.type = "text";
    alt.id = altID;
    alt.name = "photo_alt[]";
    alt.autocomplete = "off";
    // Not `required`: the browser could not point at a field in a closed drawer; the submit handler explains instead.
    alt.setAttribute("aria-required", "true");
    if (photoStatus && photoStatus.id) alt.setAttribute("aria-describedby", photoStatus.id);

    const remove = document.createElement("button");
    remove.type = "button";
    remove.dataset.action = "remove-photo";
    remove.textContent = "Remove";
    // Several Remove buttons sit side by side; the file name tells them apart for screen reader users.
    remove.setAttribute("aria-label", name ? `Remove ${name}` : "Remove this photo");

    item.append(idField, label, alt, remove);
  }

  // Resolves to null on success, or to the sentence explaining the failure; never rejects.
  async function upload(item, file) {
    try {
      const photo = await window.Qwinkle.uploadPhoto(file);
      if (item.isConnected) markReady(item, photo, file.name);
      return null;
    } catch (error) {
      forgetItem(item);
      return error instanceof Error ? error.message : "The photo could not be uploaded. Please try again.";
    } finally {
      render();
      keep();
    }
  }

  const photos = (count) => (count === 1 ? "1 photo" : `${count} photos`);
  // The same sentence as the server's (EntryFormState.altTextMissing), for a form refused before it is sent.
  const altTextMissing = "Describe each photo before posting: its alt text is what people who cannot see it will hear.";

  async function attach(files) {
    const room = Math.max(0, maxPhotos - photoItems().length);
    const accepted = files.slice(0, room);
    const ignored = files.length - accepted.length;
    // Said again in the final message, so the uploads' outcome cannot hide it.
    const ignoredNote =
      ignored > 0 ? `An entry can carry up to ${maxPhotos} photos, so ${photos(ignored)} ${ignored === 1 ? "was" : "were"} not added.` : "";
    if (accepted.length === 0) {
      say(ignoredNote);
      return;
    }

    const items = accepted.map((file) => {
      const item = makeUploadingItem(file);
      photoList.append(item);
      return item;
    });
    drawer = "expanded";
    // The count includes photos still uploading: a chosen photo will be posted, so it counts at once (talk 004).
    render();
    say([`Uploading ${photos(accepted.length)}…`, ignoredNote].filter(Boolean).join(" "));

    const failures = await Promise.all(items.map((item, index) => upload(item, accepted[index])));
    const problems = [...new Set(failures.filter((failure) => failure !== null))];
    const attached = failures.length - failures.filter((failure) => failure !== null).length;
    const done = attached > 0 ? `${photos(attached)} attached. Add alt text to describe ${attached === 1 ? "it" : "them"}.` : "";
    say([done, ...problems, ignoredNote].filter(Boolean).join(" "));
  }

  if (photoInput && photoList) {
    photoInput.addEventListener("change", () => {
      const files = Array.from(photoInput.files || []);
      // Cleared so choosing the same file again still fires "change".
      photoInput.value = "";
      attach(files);
    });
  }

  if (photoList) {
    // An alt text being written is no longer missing.
    photoList.addEventListener("input", (event) => {
      const field = event.target;
      if (field instanceof HTMLInputElement && field.name === "photo_alt[]" && field.value.trim() !== "") {
        field.setAttribute("aria-invalid", "false");
      }
    });
    photoList.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-action="remove-photo"]') : null;
      if (!button || !photoList.contains(button)) return;
      const item = button.closest("li[data-photo]");
      if (!item) return;
      const items = photoItems();
      const next = items[items.indexOf(item) + 1] || items[items.indexOf(item) - 1] || null;
      forgetItem(item);
      render();
      keep();
      say("Photo removed.");
      // The focused button is gone; keep keyboard users near where they were.
      const nextButton = next && next.querySelector('[data-action="remove-photo"]');
      if (nextButton) nextButton.focus();
      else if (photoInput && !photoInput.disabled) photoInput.focus();
      else if (drawerToggle) drawerToggle.focus();
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Events: each changes a truth, then render() derives the rest.

  if (drawerToggle) {
    drawerToggle.addEventListener("click", () => {
      drawer = drawer === "expanded" ? "collapsed" : "expanded";
      render();
    });
  }

  if (body) {
    body.addEventListener("input", () => {
      // Typing wants the room; only an expanded drawer is collapsed, whatever its animation is doing.
      if (drawer === "expanded") drawer = "collapsed";
      render();
    });
  }

  // A content warning counts toward the limit: the counter follows it as it is typed.
  const warningField = form.querySelector("[data-content-warning]");
  if (warningField) warningField.addEventListener("input", render);
  if (visibility) visibility.addEventListener("change", render);

  // The alt text fields left empty: a photo is not posted without words for people who cannot see it.
  function altFieldsMissing() {
    return photoItems()
      .map((item) => item.querySelector('input[name="photo_alt[]"]'))
      .filter((field) => field && field.value.trim() === "");
  }

  form.addEventListener("submit", (event) => {
    render();
    if (submitButtons.some((button) => button.disabled)) {
      event.preventDefault();
      return;
    }
    const missing = altFieldsMissing();
    for (const field of form.querySelectorAll('input[name="photo_alt[]"]')) {
      field.setAttribute("aria-invalid", String(missing.includes(field)));
    }
    if (missing.length > 0) {
      event.preventDefault();
      drawer = "expanded";
      render();
      if (photoStatus) photoStatus.classList.add("field-error");
      say(altTextMissing);
      const field = missing[0];
      field.focus();
      // The drawer grows as it opens, carrying the field down; it is shown again once the drawer is open.
      const opening = drawerElement && drawerElement.getAnimations ? drawerElement.getAnimations() : [];
      Promise.all(opening.map((animation) => animation.finished.catch(() => null))).then(() => {
        if (document.activeElement === field) field.scrollIntoView({ block: "center" });
      });
      return;
    }
    // A draft's first save still on its way must land first, so the post names the draft and deletes it.
    if (keeper && keeper.holdSubmit()) {
      event.preventDefault();
      return;
    }
    // Disabled after the browser has collected the form, so a double click cannot post twice.
    submitting = true;
    setTimeout(render, 0);
  });

  // ---------------------------------------------------------------------------------------------------------
  // The kept draft: what is typed is saved to the server (POST, then PUT /api/qwinkle/v1/drafts/ID) a second after the last
  // change and when the page is left, so it continues in another tab, the CLI or the terminal app. A save is a
  // suggestion from the revision this page last had: if the draft was saved elsewhere since, the server answers 409
  // with the merge, which replaces the text here (when nothing was typed meanwhile) and is saved from their revision.

  const keeper = form.querySelector('input[name="draft_id"]') ? makeKeeper() : null;

  function keep() {
    if (keeper) keeper.changed();
  }

  function makeKeeper() {
    const idField = form.querySelector('input[name="draft_id"]');
    const revisionField = form.querySelector('input[name="draft_revision"]');
    const status = form.querySelector('[data-role="draft-status"]');
    const cancel = form.querySelector('[data-action="cancel"]');
    // A second after the last change, and at most one save in five seconds: a person typing steadily would otherwise
    // spend the session's whole rate limit (300 requests in five minutes) on saves.
    const delay = 1000;
    const spacing = 5000;
    let lastSave = 0;
    let timer = null;
    let dirty = false;
    let saving = null;
    let posting = false;
    let submitWhenSaved = false;

    function tell(text) {
      if (status) status.textContent = text;
    }

    function content() {
      return window.QwinkleContent.read(form, photoItems());
    }

    function adopt(draft) {
      idField.value = draft.id;
      if (revisionField) revisionField.value = String(draft.revision);
      if (cancel) cancel.href = "/drafts";
      // A reload, or the address copied to another tab, continues this draft.
      if (window.history && window.history.replaceState) window.history.replaceState(null, "", `/compose?draft=${draft.id}`);
    }

    function show(merged) {
      if (body) body.value = merged.body;
      if (visibility && merged.visibility) visibility.value = merged.visibility;
      window.QwinkleContent.showLines(form, merged);
      render();
    }

    async function send(sent) {
      const id = idField.value;
      const revision = revisionField ? Number.parseInt(revisionField.value, 10) || 1 : 1;
      let response;
      try {
        response = await fetch(id ? `/api/qwinkle/v1/drafts/${id}` : "/api/qwinkle/v1/drafts", {
          method: id ? "PUT" : "POST",
          credentials: "same-origin",
          // Sent even as the page goes away.
          keepalive: true,
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": window.Qwinkle.csrfToken },
          body: JSON.stringify(id ? Object.assign({ base_revision: revision }, sent) : sent),
        });
      } catch (_) {
        dirty = true;
        tell("Not saved: Qwinkle could not be reached. It is saved again when you type.");
        return;
      }
      if (response.ok) {
        adopt(await response.json());
        tell(dirty ? "Saving…" : "Draft saved");
        return;
      }
      if (response.status === 409) {
        const conflict = await response.json();
        if (revisionField) revisionField.value = String(conflict.theirs.revision);
        // Words typed while the save was on its way are not in the merge: they are sent again from the same base.
        if (JSON.stringify(content()) === JSON.stringify(sent)) {
          show(conflict.merged);
          tell(
            conflict.conflicts.length === 0
              ? "This draft was changed elsewhere too; both changes are merged here."
              : "This draft was changed elsewhere too; conflicting words are between <<<<<<< and >>>>>>> lines: keep the ones you want."
          );
        } else if (revisionField) {
          revisionField.value = String(conflict.base_revision);
        }
        dirty = true;
        schedule();
        return;
      }
      if (response.status === 429) {
        dirty = true;
        tell("Not saved yet: too many requests for now. It is saved again shortly.");
        clearTimeout(timer);
        timer = setTimeout(save, 30000);
        return;
      }
      if (response.status === 404) {
        // Posted or deleted elsewhere: what is here is kept as a new draft.
        idField.value = "";
        dirty = true;
        tell("This draft was posted or deleted elsewhere; what is here is kept as a new draft.");
        schedule();
        return;
      }
      tell(`Not saved: ${await window.Qwinkle.errorMessage(response, `the server answered ${response.status}.`)}`);
    }

    async function save() {
      clearTimeout(timer);
      timer = null;
      if (posting || !dirty) return;
      if (saving) {
        await saving;
        return save();
      }
      dirty = false;
      lastSave = Date.now();
      tell("Saving…");
      saving = send(content());
      try {
        await saving;
      } finally {
        saving = null;
      }
      if (submitWhenSaved && !dirty) {
        posting = true;
        submitting = true;
        render();
        HTMLFormElement.prototype.submit.call(form);
      }
    }

    function schedule() {
      clearTimeout(timer);
      timer = setTimeout(save, Math.max(delay, lastSave + spacing - Date.now()));
    }

    if (cancel && idField.value) cancel.href = "/drafts";
    if (cancel) {
      // Cancel keeps the draft: what is typed is saved before leaving, and waits under Drafts.
      cancel.addEventListener("click", (event) => {
        if (!dirty && !saving) return;
        event.preventDefault();
        const leave = () => {
          window.location.href = idField.value ? "/drafts" : cancel.href;
        };
        save().then(leave, leave);
      });
    }
    const leaving = () => {
      if (dirty) save();
    };
    window.addEventListener("pagehide", leaving);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") leaving();
    });

    // What the page held at the last change seen: a control's "change" event (a textarea's, fired as it loses focus
    // to the Post button) repeats an "input" already counted, and must not mark a saved draft unsaved again.
    let seen = JSON.stringify(content());

    return {
      changed() {
        if (posting) return;
        const now = JSON.stringify(content());
        if (now === seen && !dirty) return;
        seen = now;
        dirty = true;
        tell("");
        schedule();
      },
      // Whether the post must wait for a save on its way (then it is sent once the save is done).
      holdSubmit() {
        clearTimeout(timer);
        timer = null;
        if (!saving) {
          posting = true;
          return false;
        }
        submitWhenSaved = true;
        dirty = false;
        return true;
      },
    };
  }

  form.addEventListener("input", keep);
  form.addEventListener("change", (event) => {
    // The file input's change is an upload, kept once it is done.
    if (event.target !== photoInput) keep();
  });

  // Coming back with the Back button restores this page from the cache: it is not submitting any more.
  window.addEventListener("pageshow", () => {
    submitting = false;
    render();
  });

  render();
})();
