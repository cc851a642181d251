// Sign-up form (talk 004): each field is judged by the server's own SignUpValidator as the person leaves it; an empty
// field shows no error; the Sign up button is enabled only while every field is present and valid.
(() => {
  "use strict";
  const form = document.querySelector('form[data-role="signup"]');
  if (!form) return;

  const names = ["username", "email", "password", "password_confirmation"];
  const submit = form.querySelector('button[type="submit"]');
  // Fields the person has left at least once: only those show errors, so nothing shouts while they type.
  const left = new Set(names.filter((name) => form.elements[name].value !== ""));
  let latest = 0;
  let timer = null;

  function showErrors(fields) {
    for (const name of names) {
      const field = fields[name];
      const show = left.has(name) && field && field.state === "invalid";
      const message = form.querySelector(`[data-error-for="${name}"]`);
      if (message) message.textContent = show ? field.messages.join(" ") : "";
      form.elements[name].setAttribute("aria-invalid", show ? "true" : "false");
    }
  }

  async function judge() {
    const request = ++latest;
    const values = {};
    for (const name of names) values[name] = form.elements[name].value;
    try {
      const response = await fetch("/api/qwinkle/v1/accounts/validation", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`validation answered ${response.status}`);
      const verdict = await response.json();
      // An older answer arriving after a newer one must not undo it.
      if (request !== latest) return;
      showErrors(verdict.fields);
      submit.disabled = !verdict.submittable;
    } catch (_) {
      // Without the live check the server still judges the form when it is sent.
      if (request === latest) submit.disabled = false;
    }
  }

  function judgeSoon() {
    clearTimeout(timer);
    timer = setTimeout(judge, 200);
  }

  for (const name of names) {
    const input = form.elements[name];
    input.addEventListener("blur", () => {
      left.add(name);
      clearTimeout(timer);
      judge();
    });
    input.addEventListener("input", judgeSoon);
  }

  submit.disabled = true;
  judge();
})();
