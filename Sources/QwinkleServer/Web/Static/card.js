// Dream card parallax: tilting the phone or moving the pointer over the card shifts its layers a little.
//
// The script only publishes a tilt (--qw-tilt-x, --qw-tilt-y, each −1…1) on the figure; how far each layer moves
// is written in the SVG's own styles, so the motion stays a pure function of the tilt (talk 004's motion effects).
(function () {
  "use strict";

  const figures = Array.from(document.querySelectorAll('figure[data-role="dream-card"]'));
  if (figures.length === 0) return;

  const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const motionAllowed = () => !(reducedMotion && reducedMotion.matches);

  const clamp = (value) => Math.max(-1, Math.min(1, value));
  // Rounded so tiny sensor noise does not restyle the SVG on every event.
  const round = (value) => Math.round(value * 1000) / 1000;

  // Each figure's wanted tilt; written to the page at most once per frame.
  const wanted = new Map(figures.map((figure) => [figure, { x: 0, y: 0 }]));
  const written = new Map(figures.map((figure) => [figure, { x: null, y: null }]));
  let frame = 0;

  function flush() {
    frame = 0;
    for (const figure of figures) {
      const tilt = motionAllowed() ? wanted.get(figure) : { x: 0, y: 0 };
      const last = written.get(figure);
      if (last.x === tilt.x && last.y === tilt.y) continue;
      figure.style.setProperty("--qw-tilt-x", String(tilt.x));
      figure.style.setProperty("--qw-tilt-y", String(tilt.y));
      written.set(figure, { x: tilt.x, y: tilt.y });
    }
  }

  function schedule() {
    if (frame === 0) frame = window.requestAnimationFrame(flush);
  }

  function tilt(figure, x, y) {
    wanted.set(figure, { x: round(clamp(x)), y: round(clamp(y)) });
    schedule();
  }

  for (const figure of figures) {
    figure.addEventListener("pointermove", (event) => {
      if (!motionAllowed()) return;
      const box = figure.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const x = (event.clientX - (box.left + box.width / 2)) / (box.width / 2);
      const y = (event.clientY - (box.top + box.height / 2)) / (box.height / 2);
      tilt(figure, x, y);
    });
    figure.addEventListener("pointerleave", () => tilt(figure, 0, 0));
  }

  window.addEventListener("deviceorientation", (event) => {
    // Desktop browsers fire one event with nulls: no sensor, nothing to follow.
    if (!motionAllowed() || event.gamma === null || event.beta === null) return;
    // A phone held naturally is tipped about 45° towards the reader; that is "level".
    const x = event.gamma / 45;
    const y = (event.beta - 45) / 45;
    for (const figure of figures) tilt(figure, x, y);
  });

  if (reducedMotion) {
    const settle = () => {
      if (!motionAllowed()) for (const figure of figures) wanted.set(figure, { x: 0, y: 0 });
      schedule();
    };
    if (typeof reducedMotion.addEventListener === "function") reducedMotion.addEventListener("change", settle);
    else if (typeof reducedMotion.addListener === "function") reducedMotion.addListener(settle);
  }
})();
