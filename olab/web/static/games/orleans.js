// Orléans, drawn from a seat's to_json(player) document or the public view (olab.orleans.state/1):
// the tracks, the map's roads and waterways with their goods, the deeds, and each seat's
// bag counts, market, tower, goods and place tiles.  Nothing hidden is in the document.
"use strict";
OlabBoard.register("orleans", (doc) => {
  const {svg, el, text, rect, kv, SEAT} = OlabBoard;
  const root = el("div", {class: "orleans"});
  root.append(el("div", {text: `Round ${doc.round} of ${doc.rounds}, ${doc.phase}; event: ${doc.event ?? "none"}; start player ${doc.start_player}`}),
              el("div", {}, el("b", {text: "Hourglass left: "}), kv(doc.hourglass)));
  // the tracks: one row per track, a marker per seat
  const tracks = Object.keys(doc.players[0].tracks);
  const TW = 420, TH = 22;
  const t = svg("svg", {viewBox: `0 0 ${TW} ${tracks.length * TH + 30}`, width: TW, height: tracks.length * TH + 30, class: "tracks"});
  tracks.forEach((k, i) => {
    t.append(text(2, i * TH + 15, k), rect(80, i * TH + 4, 300, 14, {fill: "#f3e6c8", stroke: "#d8cbb0"}));
    doc.players.forEach((p, s) => t.append(svg("circle", {cx: 86 + 24 * p.tracks[k], cy: i * TH + 7 + 3 * s, r: 4, fill: SEAT[s]})));
  });
  const dev = tracks.length * TH + 16;
  t.append(text(2, dev + 4, "development"));
  doc.players.forEach((p, s) => t.append(svg("circle", {cx: 86 + 7 * p.development, cy: dev + 3 * s - 2, r: 4, fill: SEAT[s]})));
  root.append(t);
  // the map: every connection with the goods still on it, the stations per town
  const map = el("div", {class: "map"}, el("b", {text: "Map (goods on roads R and waterways W): "}));
  for (const [c, goods] of Object.entries(doc.map.goods)) if (goods.length) map.append(el("span", {class: "kv", text: `${c}: ${goods.join(" ")}`}));
  const st = Object.entries(doc.map.stations).map(([town, seats]) => `${town} ${seats.join("/")}`).join(", ");
  map.append(el("div", {text: `Trading stations: ${st || "none"}`}));
  root.append(map);
  const deeds = el("div", {}, el("b", {text: "Deeds: "}));
  for (const [d, spaces] of Object.entries(doc.deeds))
    deeds.append(el("span", {class: "kv", text: `${d.replace(/_/g, " ")} ${spaces.filter(x => x.seat !== null).length}/${spaces.length}`}));
  root.append(deeds, el("div", {}, el("b", {text: "Supply: "}), kv(doc.supply.characters), kv(doc.supply.goods),
                       `coins ${doc.supply.coins}, technology ${doc.supply.technology}`),
              el("div", {}, el("b", {text: "Place tiles to take: "}),
                 ...doc.supply.place_tiles.map(t => el("span", {class: "pill", text: t.replace(/_/g, " ")}))));
  for (const p of doc.players) {
    const places = el("div", {});
    for (const [pid, pl] of Object.entries(p.places)) {
      const n = pl.spaces.length;
      const g = svg("svg", {viewBox: `0 0 ${Math.max(80, 18 * n + 6)} 34`, width: Math.max(80, 18 * n + 6), height: 34});
      g.append(text(2, 10, pid.replace(/_/g, " "), {"font-size": 9, fill: pl.activated ? "#2f6d3a" : "#333"}));
      pl.spaces.forEach((s, i) => g.append(rect(2 + 18 * i, 14, 16, 16, {fill: s ? "#c8a24a" : "#fff", stroke: "#8a7655"}),
                                           text(6 + 18 * i, 26, s ? (s === "technology" ? "⚙" : s) : "", {"font-size": 10})));
      places.append(g);
    }
    root.append(el("div", {class: "seat", "data-seat": p.seat},
      el("h3", {style: `color:${SEAT[p.seat]}`, text: `Seat ${p.seat}: ${p.score} points, ${p.coins} coins, merchant in ${p.merchant}${p.passed ? ", passed" : ""}`}),
      el("div", {}, el("b", {text: "Bag: "}), kv(p.bag), el("b", {text: "Market: "}), kv(p.market), el("b", {text: "Tower: "}), kv(p.tower)),
      el("div", {}, el("b", {text: "Goods: "}), kv(p.goods), `stations ${p.stations_built} built, ${p.stations_in_stock} in stock; citizens ${p.citizens}`),
      places));
  }
  return root;
});
