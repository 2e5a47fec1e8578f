() => {
  const y = (e) => (e ? Math.round(e.getBoundingClientRect().top + scrollY) : null);
  const sections = [...document.querySelectorAll("section.technique")].map((s) => ({
    key: s.dataset.technique,
    heading: y(s.querySelector("h2")),
    result: y(s.querySelector(".result-slot ol.passages:not(.compare):not(.compact) > li.hit")),
  }));
  return {sections, height: document.documentElement.scrollHeight, window: innerHeight};
}