// Profile settings: a chosen avatar is uploaded at once (POST /api/v1/photos), and the form then sends its ID.
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
