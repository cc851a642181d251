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
    const draft = Length.assess(body ? body.value : "", photos.length, limit, rule);
    if (remainingOutput) {
      remainingOutput.textContent = String(draft.remaining);
      remainingOutput.dataset.over = String(draft.remaining < 0);
    }
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
    if (photoStatus) photoStatus.textContent = message;
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
    label.textContent = "Alt text (describe the photo)";
    const alt = document.createElement("input");
    alt.type = "text";
    alt.id = altID;
    alt.name = "photo_alt[]";
    alt.autocomplete = "off";

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
    }
  }

  const photos = (count) => (count === 1 ? "1 photo" : `${count} photos`);

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
    photoList.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest('[data-action="remove-photo"]') : null;
      if (!button || !photoList.contains(button)) return;
      const item = button.closest("li[data-photo]");
      if (!item) return;
      const items = photoItems();
      const next = items[items.indexOf(item) + 1] || items[items.indexOf(item) - 1] || null;
      forgetItem(item);
      render();
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

  if (visibility) visibility.addEventListener("change", render);

  form.addEventListener("submit", (event) => {
    render();
    if (submitButtons.some((button) => button.disabled)) {
      event.preventDefault();
      return;
    }
    // Disabled after the browser has collected the form, so a double click cannot post twice.
    submitting = true;
    setTimeout(render, 0);
  });

  // Coming back with the Back button restores this page from the cache: it is not submitting any more.
  window.addEventListener("pageshow", () => {
    submitting = false;
    render();
  });

  render();
})();
