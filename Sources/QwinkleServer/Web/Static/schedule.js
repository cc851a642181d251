// Schedule fields: a datetime-local field holds a time without a zone, so before a form with one is sent this
// writes the browser's offset from UTC at that date (summer time included) beside it, and the server reads the
// field as the person's own time. A field the server filled in UTC (data-utc) is shown in local time first.
(function () {
  "use strict";

  function pad(number) {
    return String(number).padStart(2, "0");
  }

  function localValue(date) {
    return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate()) + "T" +
      pad(date.getHours()) + ":" + pad(date.getMinutes());
  }

  document.querySelectorAll('input[data-role="schedule-local"][data-utc]').forEach(function (field) {
    const date = new Date(field.dataset.utc);
    if (!Number.isNaN(date.getTime())) field.value = localValue(date);
  });

  document.querySelectorAll('time[data-role="local-time"]').forEach(function (element) {
    const date = new Date(element.getAttribute("datetime"));
    if (Number.isNaN(date.getTime())) return;
    element.textContent = date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  });

  document.querySelectorAll("form").forEach(function (form) {
    const field = form.querySelector('input[data-role="schedule-local"]');
    const offset = form.querySelector('input[name="scheduled_offset"]');
    if (!field || !offset) return;
    // On compose the button says what it will do: Post now, or Schedule for the time chosen.
    const button = form.matches('[data-role="compose"]') ? form.querySelector('button[type="submit"]') : null;
    if (button) {
      const label = button.textContent;
      const relabel = function () { button.textContent = field.value ? "Schedule" : label; };
      field.addEventListener("input", relabel);
      field.addEventListener("change", relabel);
      relabel();
    }
    form.addEventListener("submit", function () {
      // new Date("YYYY-MM-DDTHH:MM") reads the text as local time; its offset is the one at that date.
      const date = new Date(field.value);
      offset.value = field.value && !Number.isNaN(date.getTime()) ? String(-date.getTimezoneOffset()) : "";
    });
  });
})();
