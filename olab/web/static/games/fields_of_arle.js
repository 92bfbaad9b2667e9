// Fields of Arle, drawn from its to_json(player) document (olab.arle.state/1):
// the action spaces of both seasons, and each seat's goods, tools, home board and barn.
"use strict";
OlabBoard.register("fields_of_arle", (doc) => {
  const {svg, el, text, rect, kv, SEAT} = OlabBoard;
  const root = el("div", {class: "arle"});
  root.append(el("div", {text: `Half-year ${doc.half_year} (${doc.season}), ${doc.phase}; start player ${doc.start_player}`}));
  // the action spaces: summer on the left, winter on the right
  const seasons = ["summer", "winter"];
  const per = seasons.map(s => doc.action_spaces.filter(a => a.season === s));
  const rows = Math.max(...per.map(p => p.length), 1);
  const CW = 170, RH = 20;
  const board = svg("svg", {viewBox: `0 0 ${CW * 2 + 10} ${rows * RH + 24}`, width: CW * 2 + 10, height: rows * RH + 24, class: "spaces"});
  seasons.forEach((s, k) => {
    board.append(text(k * (CW + 10) + 4, 14, s, {"font-weight": "bold", fill: s === doc.season ? "#7a4e1d" : "#999"}));
    per[k].forEach((a, i) => {
      const x = k * (CW + 10), y = 20 + i * RH;
      board.append(rect(x, y, CW, RH - 2, {fill: s === "summer" ? "#fdf1c7" : "#dfe9f3", stroke: "#a08a63"}),
                   text(x + 4, y + 13, a.name));
      if (a.occupant !== null) board.append(svg("circle", {cx: x + CW - 10, cy: y + 9, r: 6, fill: SEAT[a.occupant]}));
    });
  });
  root.append(board);
  root.append(el("div", {class: "muted", text: `Buildings on the board: ${doc.buildings.on_board.join(", ")}`}),
              el("div", {}, el("b", {text: "Supply: "}), kv(doc.supply)));
  for (const p of doc.players) {
    const nonzero = Object.fromEntries(Object.entries(p.goods).filter(([, v]) => v));
    // the tool tracks: position on each
    const tools = Object.entries(p.tools);
    const TW = 360, TH = 16;
    const track = svg("svg", {viewBox: `0 0 ${TW} ${tools.length * TH + 4}`, width: TW, height: tools.length * TH + 4, class: "tools"});
    tools.forEach(([k, t], i) => {
      track.append(text(2, i * TH + 12, k.replace("_", " "), {"font-size": 10}),
                   rect(120, i * TH + 3, 200, 10, {fill: "#eee", stroke: "#ccc"}),
                   rect(120, i * TH + 3, Math.min(200, 20 * t.position), 10, {fill: "#8a7655"}),
                   text(326, i * TH + 12, String(t.value), {"font-size": 10}));
    });
    const hb = p.home_board;
    const tiles = Object.fromEntries(Object.entries(hb.tiles).filter(([, v]) => v));
    const vehicles = p.barn.vehicles.map(v => v.type).join(", ") || "none";
    root.append(el("div", {class: "seat", "data-seat": p.seat},
      el("h3", {style: `color:${SEAT[p.seat]}`, text: `Seat ${p.seat}: ${p.score.points} points`}),
      el("b", {text: "Goods"}), kv(nonzero),
      el("b", {text: "Home board"}), el("div", {text: `${hb.land_spaces} land spaces (${hb.empty_land} empty), dikes moved ${hb.dikes_moved}, moors: ${hb.moors.map(m => typeof m === "string" ? m : "peat " + m.peat).join(", ") || "none"}, boardwalk peat ${hb.boardwalk_peat}`}),
      kv(tiles), el("div", {text: `Buildings: ${hb.buildings.join(", ") || "none"}`}),
      el("b", {text: "Barn"}), el("div", {text: `peat boats ${p.barn.peat_boat}, plows ${p.barn.plow}, vehicles: ${vehicles}; travel ${p.travel.spaces_covered}`}),
      el("b", {text: "Tools"}), track));
  }
  return root;
});
