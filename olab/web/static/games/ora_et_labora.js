// Ora et Labora, drawn from its to_json(player) document (olab.ora.state/2):
// the production wheel, the building display, and each seat's landscape, goods and clergy.
"use strict";
OlabBoard.register("ora_et_labora", (doc) => {
  const {svg, el, text, rect, kv} = OlabBoard;
  const TERRAIN = {plains: "#cfe3a4", hillside: "#b9c98a", coast: "#a9d3e8", water: "#5aa6d6", mountain: "#b3a79a"};
  const COLOR = {R: "#c0392b", G: "#27ae60", B: "#2e86c1", W: "#777", Y: "#d4ac0d"};
  const root = el("div", {class: "ora"});

  // the wheel: 13 slots, the arm, the goods tokens at their slots
  const W = 260, C = W / 2, R = 100;
  const wheel = svg("svg", {viewBox: `0 0 ${W} ${W}`, width: W, height: W, class: "wheel"});
  wheel.append(svg("circle", {cx: C, cy: C, r: R + 18, fill: "#f3e6c8", stroke: "#a08a63"}));
  for (let i = 0; i < 13; i++) {
    const a = (i / 13) * 2 * Math.PI - Math.PI / 2;
    wheel.append(svg("line", {x1: C, y1: C, x2: C + (R + 18) * Math.cos(a - Math.PI / 13), y2: C + (R + 18) * Math.sin(a - Math.PI / 13), stroke: "#d8cbb0"}),
                 text(C + (R + 8) * Math.cos(a) - 4, C + (R + 8) * Math.sin(a) + 4, String(i), {fill: "#8a7655", "font-size": 9}));
  }
  const arm = (doc.wheel.arm / 13) * 2 * Math.PI - Math.PI / 2;
  wheel.append(svg("line", {x1: C, y1: C, x2: C + R * Math.cos(arm), y2: C + R * Math.sin(arm), stroke: "#6b4f2a", "stroke-width": 5, class: "arm"}));
  const bySlot = {};
  for (const [name, t] of Object.entries(doc.wheel.tokens)) if (t) (bySlot[t.slot] = bySlot[t.slot] || []).push(`${name} ${t.value}`);
  for (const [slot, names] of Object.entries(bySlot)) {
    const a = (Number(slot) / 13) * 2 * Math.PI - Math.PI / 2;
    names.forEach((n, k) => wheel.append(text(C + (R - 28 - 11 * k) * Math.cos(a) - 22, C + (R - 28 - 11 * k) * Math.sin(a), n, {"font-size": 9})));
  }
  wheel.append(text(C - 30, C + 4, `arm at ${doc.wheel.arm}`, {"font-weight": "bold"}));

  const head = el("div", {class: "ora-head"},
    el("div", {}, `Round ${doc.round}, phase ${doc.phase}; districts ${doc.prices.districts_left} left (${doc.prices.district ?? "-"}), plots ${doc.prices.plots_left} left (${doc.prices.plot ?? "-"}); work contract ${doc.work_contract_fee}; wonders ${doc.wonders_left}`),
    el("div", {class: "display"}, el("b", {text: "Display: "}), ...doc.display.map(c => el("span", {class: "pill", text: c}))));
  root.append(head, wheel);

  for (const p of doc.players) {
    const sp = p.landscape.spaces;
    if (!sp.length) continue;
    const cols = sp.map(s => s.col), rows = sp.map(s => s.row);
    const c0 = Math.min(...cols), r0 = Math.min(...rows);
    const nc = Math.max(...cols) - c0 + 1, nr = Math.max(...rows) - r0 + 1;
    const S = 58;
    const land = svg("svg", {viewBox: `0 0 ${nc * S + 2} ${nr * S + 2}`, width: nc * S + 2, height: nr * S + 2, class: "landscape"});
    for (const s of sp) {
      const x = (s.col - c0) * S + 1, y = (s.row - r0) * S + 1;
      const g = svg("g", {}, rect(x, y, S - 2, S - 2, {fill: TERRAIN[s.terrain] || "#eee", stroke: "#8a7655"}));
      g.append(svg("title", {}, `${s.terrain} (${s.col},${s.row})${s.name ? ": " + s.name : ""}`));
      if (s.card) g.append(text(x + 4, y + 16, s.card, {"font-weight": "bold"}));
      if (s.name) g.append(text(x + 4, y + 30, s.name.slice(0, 11), {"font-size": 8}));
      s.clergy.forEach((c, k) => g.append(svg("circle", {cx: x + 10 + 14 * k, cy: y + S - 12, r: c.clergy === "prior" ? 6 : 4.5, fill: COLOR[c.color] || "#333", stroke: "#000"})));
      land.append(g);
    }
    const home = p.clergy.filter(c => c.at === null).map(c => c.clergy.replace("_", " ")).join(", ");
    root.append(el("div", {class: "seat", "data-seat": p.seat},
      el("h3", {style: `color:${COLOR[p.color] || "#333"}`, text: `${p.color} (seat ${p.seat})${p.neutral ? " — neutral" : ""}${p.score !== null ? ", " + p.score + " points" : ""}`}),
      kv(p.goods), el("div", {class: "muted", text: `clergy at home: ${home || "none"}; settlements in hand: ${p.settlements_in_hand.join(" ") || "none"}`}),
      land));
  }
  return root;
}, (seat, label) => ({R: "#c0392b", G: "#27ae60", B: "#2e86c1", W: "#777", Y: "#d4ac0d"})[label] || OlabBoard.SEAT[seat % 5]);
