// Helpers the per-game drawings share, and the registry they add themselves to.
// A game's file (static/games/<name>.js) calls OlabBoard.register(name, draw) where
// draw(doc, info) returns a DOM node drawn from the game's to_json(player) document.
"use strict";
const OlabBoard = (() => {
  const SVGNS = "http://www.w3.org/2000/svg";
  const drawers = {};
  const loading = {};
  function svg(tag, attrs, ...kids) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) e.setAttribute(k, v);
    for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined) continue;
      if (k === "text") e.textContent = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const k of kids) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  function text(x, y, s, attrs) { return svg("text", Object.assign({x, y, "font-size": 11}, attrs || {}), s); }
  function rect(x, y, w, h, attrs) { return svg("rect", Object.assign({x, y, width: w, height: h}, attrs || {})); }
  function kv(obj) {
    const box = el("div");
    for (const [k, v] of Object.entries(obj || {})) box.append(el("span", {class: "kv", text: `${k} ${v}`}));
    return box;
  }
  // seat colours, by seat number (a game may name its own)
  const SEAT = ["#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d4ac0d"];
  const colors = {};
  // draw(doc, info) -> Node; color(seat, label) -> a CSS colour for the seat, if the game has its own
  function register(name, draw, color) { drawers[name] = draw; if (color) colors[name] = color; }
  function colorOf(name, seat, label) { return colors[name] ? colors[name](seat, label) : SEAT[seat % SEAT.length]; }
  function load(name, url) {
    if (drawers[name]) return Promise.resolve(drawers[name]);
    if (!loading[name]) loading[name] = new Promise((ok, fail) => {
      const s = document.createElement("script");
      s.src = url; s.onload = () => ok(drawers[name] || drawers.generic); s.onerror = fail;
      document.head.append(s);
    });
    return loading[name];
  }
  return {svg, el, text, rect, kv, SEAT, register, load, drawers, colorOf};
})();
