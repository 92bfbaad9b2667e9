// olab serve: the start page, the table, the end, replays. Plain JS, no build step.
// Everything about a game comes from the server's /api/games (the registry) and the
// table's view (to_json of the seat, or the public view); nothing here names a game.
"use strict";
(() => {
  const {el, svg} = OlabBoard;
  const main = document.getElementById("main");
  const where = document.getElementById("where");
  const KEY = "olab.tables";
  let registry = null;
  let stream = null;
  let current = null;        // {id, tokens: {seat: token}, shown: seat|null, view}

  function toast(msg) {
    const t = document.getElementById("toast");
    t.textContent = msg; t.hidden = false;
    clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.hidden = true; }, 5000);
  }
  async function api(method, url, body, token) {
    const headers = {};
    if (body !== undefined && typeof body !== "string") headers["Content-Type"] = "application/json";
    if (token) headers["X-Olab-Token"] = token;
    const r = await fetch(url, {method, headers, body: body === undefined ? undefined :
                                (typeof body === "string" ? body : JSON.stringify(body))});
    const doc = await r.json().catch(() => ({error: `HTTP ${r.status}`}));
    if (!r.ok) throw new Error(doc.error || `HTTP ${r.status}`);
    return doc;
  }
  const known = () => JSON.parse(localStorage.getItem(KEY) || "{}");
  function remember(id, entry) { const k = known(); k[id] = Object.assign(k[id] || {}, entry); localStorage.setItem(KEY, JSON.stringify(k)); }
  function forget(id) { const k = known(); delete k[id]; localStorage.setItem(KEY, JSON.stringify(k)); }
  function hashArgs() { return Object.fromEntries(new URLSearchParams(location.hash.slice(1))); }
  async function games() { if (!registry) registry = await api("GET", "/api/games"); return registry; }

  // ---------------------------------------------------------------- start page
  async function startPage() {
    closeStream(); where.textContent = "";
    const reg = await games();
    const form = el("form", {id: "new-game"});
    const gameSel = el("select", {id: "game", name: "game"});
    for (const g of reg.games) gameSel.append(el("option", {value: g.name, text: g.title}));
    const opts = el("fieldset", {id: "options"}, el("legend", {text: "Options"}));
    const seats = el("fieldset", {id: "seats"}, el("legend", {text: "Seats"}));
    const seed = el("input", {id: "seed", type: "number", min: 0, placeholder: "random"});
    const go = el("button", {id: "start", type: "submit", text: "Start the game"});
    form.append(el("h1", {text: "A new game"}), el("label", {}, "Game ", gameSel), opts, seats,
                el("label", {}, "Seed ", seed), " ", go);

    function seatCount() {
      const g = reg.games.find(x => x.name === gameSel.value);
      const p = opts.querySelector("[name=players]");
      return p ? Number(p.value) : (g.players || 1);
    }
    function drawSeats() {
      const old = [...seats.querySelectorAll(".seat-row")].map(r => r.querySelector("select").value);
      seats.querySelectorAll(".seat-row").forEach(r => r.remove());
      for (let i = 0; i < seatCount(); i++) {
        const who = el("select", {name: `seat${i}`, class: "who"});
        who.append(el("option", {value: "human", text: "human"}));
        for (const b of reg.bots) who.append(el("option", {value: b.name, text: `bot: ${b.name}`, title: b.doc}));
        who.value = old[i] || (i === 0 ? "human" : (reg.bots.find(b => b.name === "greedy") ? "greedy" : reg.bots[0].name));
        const sims = el("input", {type: "number", min: 1, name: `sims${i}`, placeholder: "simulations", class: "sims"});
        const ms = el("input", {type: "number", min: 1, name: `ms${i}`, placeholder: "ms per move", class: "ms"});
        const upd = () => { const b = reg.bots.find(x => x.name === who.value); sims.hidden = ms.hidden = !(b && b.budget); };
        who.addEventListener("change", upd); upd();
        seats.append(el("div", {class: "seat-row"}, `Seat ${i} `, who, " ", sims, " ", ms));
      }
    }
    function drawOptions() {
      opts.querySelectorAll("label").forEach(l => l.remove());
      const g = reg.games.find(x => x.name === gameSel.value);
      for (const o of g.options) {
        let input;
        if (o.values) {
          input = el("select", {name: o.name, "data-type": o.type});
          if (o.default === null) input.append(el("option", {value: "", text: "(preset)"}));
          for (const v of o.values) input.append(el("option", {value: JSON.stringify(v), text: String(v)}));
          input.value = o.default === null ? "" : JSON.stringify(o.default);
        } else {
          input = el("input", {name: o.name, "data-type": o.type, value: o.default === null ? "" : o.default,
                               placeholder: o.default === null ? "(preset)" : ""});
        }
        input.title = o.help;
        if (o.name === "players") input.addEventListener("change", drawSeats);
        opts.append(el("label", {title: o.help}, `${o.name} `, input));
      }
      drawSeats();
    }
    gameSel.addEventListener("change", drawOptions);
    drawOptions();
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const options = {};
      for (const i of opts.querySelectorAll("[name]")) {
        if (i.value === "") continue;
        const t = i.dataset.type;
        if (i.tagName === "SELECT") options[i.name] = JSON.parse(i.value);
        else options[i.name] = t === "int" ? Number(i.value) : t === "bool" ? i.value === "true" : i.value;
      }
      const seatList = [...seats.querySelectorAll(".seat-row")].map(r => {
        const who = r.querySelector(".who").value;
        if (who === "human") return {kind: "human"};
        const budget = {};
        const s = r.querySelector(".sims").value, m = r.querySelector(".ms").value;
        if (s) budget.simulations = Number(s);
        if (m) budget.time_ms = Number(m);
        return {kind: "bot", bot: who, budget};
      });
      const body = {game: gameSel.value, options, seats: seatList};
      if (seed.value !== "") body.seed = Number(seed.value);
      try {
        const r = await api("POST", "/api/tables", body);
        const tokens = {};
        r.seats.forEach((s, i) => { if (s.kind === "human") tokens[i] = r.tokens[i]; });
        remember(r.id, {tokens, game: gameSel.value, created: Date.now()});
        location.hash = `table=${r.id}`;
      } catch (e) { toast(e.message); }
    });

    const mine = el("section", {id: "your-games"}, el("h2", {text: "Your games"}));
    const ids = Object.keys(known());
    if (ids.length) {
      const r = await api("GET", `/api/tables?ids=${ids.join(",")}`);
      const alive = new Set(r.tables.map(t => t.id));
      for (const t of r.tables.sort((a, b) => b.created - a.created)) {
        mine.append(el("div", {class: "game-row"},
          el("a", {href: `#table=${t.id}`, text: `${t.title} (${Object.entries(t.config).filter(([k]) => k !== "game").map(([k, v]) => `${k} ${v}`).join(", ")})`}),
          ` ${t.terminal ? "finished" : "unfinished"}, ${t.progress}, ${t.moves} actions`));
      }
      for (const id of ids) if (!alive.has(id)) forget(id);
      if (!r.tables.length) mine.append(el("p", {class: "muted", text: "none on this server"}));
    } else mine.append(el("p", {class: "muted", text: "none yet"}));

    const upload = el("input", {type: "file", id: "upload", accept: ".txt,text/plain"});
    upload.addEventListener("change", async () => {
      const f = upload.files[0]; if (!f) return;
      try { const r = await api("POST", "/api/replays", await f.text()); location.hash = `replay=${r.id}`; }
      catch (e) { toast(e.message); }
    });
    const watch = el("section", {}, el("h2", {text: "Watch a record"}),
                     el("label", {}, "Upload a record (olab play --log, or one downloaded here) ", upload));
    main.replaceChildren(form, mine, watch);
  }

  // ---------------------------------------------------------------- the table
  function closeStream() { if (stream) { stream.close(); stream = null; } }
  function tokenOf(seat) { return current && current.tokens[seat]; }
  function heldSeats() { return Object.keys(current.tokens).map(Number); }

  async function fetchView(seat) {
    const q = seat === null ? "" : `?seat=${seat}`;
    return api("GET", `/api/tables/${current.id}${q}`, undefined, seat === null ? null : tokenOf(seat));
  }

  // which seat this browser shows: the held seat that decides now, else the one shown last
  async function refresh() {
    const held = heldSeats();
    let v = await fetchView(held.length ? (current.shown ?? held[0]) : null);
    const cp = v.current_player;
    if (held.includes(cp) && cp !== current.shown) {
      const prev = current.shown;
      current.shown = cp;
      if (v.hides && prev !== null && prev !== undefined && held.length > 1) {
        current.cover = cp;               // hot-seat: the next seat's view waits for its player
      }
      v = await fetchView(cp);
    }
    current.view = v;
    drawTable();
    openStream();
  }

  function openStream() {
    const seat = current.shown;
    const key = `${current.id}/${seat}`;
    if (stream && stream.key === key) return;
    closeStream();
    const q = seat === null || seat === undefined ? "" : `seat=${seat}&token=${encodeURIComponent(tokenOf(seat))}&`;
    stream = new EventSource(`/api/tables/${current.id}/events?${q}after=${current.view.version}`);
    stream.key = key;
    stream.onmessage = (ev) => {
      const d = JSON.parse(ev.data);
      if (d.version !== current.view.version) refresh().catch(e => toast(e.message));
      else drawThinking(d.thinking);
    };
  }

  function describeTurn(v) {
    if (v.terminal) return "The game is over.";
    const p = v.state.pending || {};
    const who = v.current_player >= 0 ? `${v.seats[v.current_player].label} (seat ${v.current_player}, ${v.seats[v.current_player].kind === "bot" ? "bot " + v.seats[v.current_player].bot : "human"})` : "chance";
    const what = p.decision ? ` decides: ${p.decision}${p.place ? " at " + p.place : ""}${p.card ? " (" + p.card + ")" : ""}${p.about ? " (" + p.about + ")" : ""}` : "";
    return `${who}${what}.`;
  }

  function drawThinking(t) {
    const box = document.getElementById("thinking");
    if (!box) return;
    if (!t) { box.replaceChildren(); return; }
    const bar = el("progress", {max: 1});
    if (t.fraction !== null) bar.value = t.fraction;
    box.replaceChildren(el("span", {text: `seat ${t.seat}'s bot is thinking… ${t.elapsed_s.toFixed(1)} s`}), bar);
  }

  async function act(body) {
    const seat = current.shown;
    try {
      current.view = await api("POST", `/api/tables/${current.id}/act`, Object.assign({seat}, body), tokenOf(seat));
      await refresh();
    } catch (e) { toast(e.message); }
  }

  function plot(v) {
    // every seat's score by round, as inline SVG
    const rounds = v.rounds;
    const W = 440, H = 180, L = 34, B = 22, R = 80;      // R: the legend's room on the right
    const n = v.seats.length;
    let max = 1, min = 0;
    for (const r of rounds) for (const s of r.scores) { max = Math.max(max, s); min = Math.min(min, s); }
    const x = i => L + (rounds.length > 1 ? i * (W - L - R) / (rounds.length - 1) : 0);
    const y = s => H - B - (s - min) * (H - B - 8) / (max - min || 1);
    const g = svg("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, id: "score-plot", role: "img",
                          "aria-label": "score by round"});
    g.append(svg("line", {x1: L, y1: H - B, x2: W - R + 4, y2: H - B, stroke: "#999"}),
             svg("line", {x1: L, y1: 4, x2: L, y2: H - B, stroke: "#999"}),
             OlabBoard.text(2, y(max) + 4, String(max)), OlabBoard.text(2, H - B, String(min)),
             OlabBoard.text(L, H - 6, rounds.length ? rounds[0].label : ""),
             OlabBoard.text(W - R - 60, H - 6, rounds.length ? rounds[rounds.length - 1].label : ""));
    for (let s = 0; s < n; s++) {
      const pts = rounds.map((r, i) => `${x(i).toFixed(1)},${y(r.scores[s]).toFixed(1)}`).join(" ");
      const c = OlabBoard.colorOf(v.game, s, v.seats[s].label);
      g.append(svg("polyline", {points: pts, fill: "none", stroke: c, "stroke-width": 2}),
               OlabBoard.text(W - R + 12, 14 + 12 * s, `■ ${v.seats[s].label}`, {fill: c}));
    }
    return g;
  }

  function endPanel(v) {
    const sec = el("section", {id: "end"}, el("h2", {text: "Final scores"}));
    const cats = v.breakdown[0].categories.map(c => c.label);
    const t = el("table", {class: "grid", id: "breakdown"});
    t.append(el("tr", {}, el("th", {text: "seat"}), ...cats.map(c => el("th", {text: c})), el("th", {text: "total"})));
    for (const b of v.breakdown)
      t.append(el("tr", {class: "score-row"}, el("td", {text: `${b.label} (seat ${b.seat})`}),
                  ...b.categories.map(c => el("td", {text: String(c.total)})), el("td", {class: "total", text: String(b.total)})));
    sec.append(t, el("h2", {text: "Score by round"}), plot(v));
    return sec;
  }

  async function drawTable() {
    const v = current.view;
    const seat = current.shown;
    where.textContent = `${v.title} · ${v.progress.label}`;
    if (current.cover !== undefined && current.cover !== null) {
      const c = current.cover;
      main.replaceChildren(el("div", {class: "cover", id: "cover"},
        el("p", {text: `Pass the screen to ${v.seats[c].label} (seat ${c}).`}),
        el("button", {id: "reveal", text: `Show seat ${c}'s view`, onclick: () => { current.cover = null; drawTable(); }})));
      return;
    }
    const info = (await games()).games.find(g => g.name === v.game);
    const draw = await OlabBoard.load(v.game, info ? info.renderer : "/static/games/generic.js");
    const board = el("div", {class: "board", id: "board"});
    try { board.append(draw(v.state, {seat, seats: v.seats})); }
    catch (e) { board.append(el("p", {class: "muted", text: `the board could not be drawn: ${e.message}`})); }

    const mine = v.choices.length > 0;
    const status = el("div", {class: "status" + (mine ? " mine" : ""), id: "status"},
                      el("div", {id: "turn", text: describeTurn(v)}),
                      el("div", {class: "muted", text: seat === null || seat === undefined ? "You watch (the public view)." : `You see seat ${seat}'s view.`}),
                      el("div", {id: "thinking", class: "thinking"}));
    if (v.bot_error) status.append(el("div", {class: "error", text: v.bot_error}));
    const side = el("div", {class: "side"});
    side.append(el("section", {}, status));
    if (mine) {
      const list = el("div", {id: "choices"});
      for (const c of v.choices) {
        list.append(el("button", {class: "choice", "data-action": c.action, title: JSON.stringify(c.describe),
                                  onclick: () => act({action: c.action})}, c.text, el("span", {class: "kind", text: c.kind})));
      }
      side.append(el("section", {}, el("h2", {text: "Your choices"}), list));
    }
    if (v.can_type) {
      const inp = el("input", {id: "notation", placeholder: "a whole turn, e.g. A; B; C", size: 30});
      const f = el("form", {id: "type-turn"}, inp, " ", el("button", {type: "submit", text: "Play"}));
      f.addEventListener("submit", (ev) => { ev.preventDefault(); act({text: inp.value}); });
      side.append(el("section", {}, el("h2", {text: "Type a turn"}), f));
    }
    const tools = el("section", {id: "tools"});
    if (seat !== null && seat !== undefined) {
      tools.append(el("button", {id: "undo", disabled: v.can_undo ? null : "disabled", text: "Undo my last move",
        title: v.can_undo ? null : (v.hides ? "nothing to take back: a move that drew something hidden cannot be undone" : "nothing to take back"),
        onclick: async () => {
          try { current.view = await api("POST", `/api/tables/${current.id}/undo`, {seat}, tokenOf(seat)); await refresh(); }
          catch (e) { toast(e.message); }
        }}), " ");
      if (!v.terminal && v.seats[seat].kind === "human") {
        const botSel = el("select", {id: "bot-for-me"});
        for (const b of (await games()).bots) botSel.append(el("option", {value: b.name, text: b.name}));
        botSel.value = (await games()).bots.some(b => b.name === "random") ? "random" : botSel.value;
        tools.append(el("button", {id: "bot-plays", text: "Let a bot play my seat", onclick: async () => {
          try { await api("POST", `/api/tables/${current.id}/seat`, {seat, bot: botSel.value}, tokenOf(seat)); await refresh(); }
          catch (e) { toast(e.message); }
        }}), " ", botSel);
      }
    }
    if (v.record) {
      const q = seat === null || seat === undefined ? "" : `?seat=${seat}&token=${encodeURIComponent(tokenOf(seat))}`;
      tools.append(" ", el("a", {id: "download", href: `/api/tables/${current.id}/record${q}`, download: `${v.game}.txt`, text: "Download the record"}));
    }
    if (heldSeats().length > 1 && !v.terminal) {
      // to play over the network: each link opens one seat in another browser
      const d = el("details", {id: "links"}, el("summary", {text: "Links for the seats (send one to let someone play it)"}));
      for (const s of heldSeats())
        d.append(el("div", {}, `seat ${s}: `, el("input", {readonly: "", size: 36, value: `${location.origin}/#table=${current.id}&seat${s}=${current.tokens[s]}`})));
      tools.append(d);
    }
    side.append(tools);
    const log = el("div", {id: "log"});
    v.log.forEach((e, i) => log.append(el("div", {class: e.seat === seat ? "me" : "", text: `${i + 1}. [${e.seat >= 0 ? v.seats[e.seat].label : "chance"}] ${e.text}`})));
    side.append(el("section", {}, el("h2", {text: `Moves (${v.log.length})`}), log));
    const left = el("div", {}, el("h1", {text: `${v.title} — ${v.progress.label}`}),
                    el("div", {class: "scores", id: "scores"}, ...v.seats.map((s, i) => el("span", {class: "pill", style: `border-left:4px solid ${OlabBoard.colorOf(v.game, i, s.label)}`, text: `${s.label}: ${v.scores[i]}`}))));
    if (v.terminal) left.append(endPanel(v));
    left.append(board);
    main.replaceChildren(el("div", {class: "layout"}, left, side));
    log.scrollTop = log.scrollHeight;
    drawThinking(v.thinking);
  }

  async function tablePage(id) {
    const k = known()[id] || {tokens: {}};
    const args = hashArgs();
    // a link may carry seat tokens (seat0=..., printed by olab serve for resumed games)
    for (const [key, val] of Object.entries(args)) if (/^seat\d+$/.test(key)) k.tokens[Number(key.slice(4))] = val;
    remember(id, {tokens: k.tokens});
    current = {id, tokens: k.tokens, shown: null, view: null};
    const held = heldSeats();
    if (held.length) current.shown = held[0];
    try { await refresh(); } catch (e) { main.replaceChildren(el("p", {text: e.message})); }
  }

  // ---------------------------------------------------------------- replays
  async function replayPage(id, move) {
    closeStream();
    let v;
    try { v = await api("GET", `/api/replays/${id}?move=${move}`); }
    catch (e) { main.replaceChildren(el("p", {text: e.message})); return; }
    where.textContent = `${v.title} · replay`;
    const info = (await games()).games.find(g => g.name === v.game);
    const draw = await OlabBoard.load(v.game, info ? info.renderer : "/static/games/generic.js");
    const go = (k) => replayPage(id, Math.max(0, Math.min(v.moves, k)));
    const nav = el("div", {id: "replay-nav"},
      el("button", {text: "⏮", onclick: () => go(0)}), " ",
      el("button", {id: "prev", text: "◀", onclick: () => go(v.move - 1)}), " ",
      el("span", {id: "replay-move", text: `action ${v.move} of ${v.moves}`}), " ",
      el("button", {id: "next", text: "▶", onclick: () => go(v.move + 1)}), " ",
      el("button", {text: "⏭", onclick: () => go(v.moves)}));
    const board = el("div", {class: "board"});
    try { board.append(draw(v.state, {seat: null, seats: v.seats})); } catch (e) { board.append(el("p", {text: e.message})); }
    main.replaceChildren(el("h1", {text: `${v.title} — replay`}), nav,
      el("p", {id: "last", text: v.last ? `last: ${v.last}` : "the start"}),
      el("div", {id: "scores"}, ...v.seats.map((s, i) => el("span", {class: "pill", text: `${s.label}: ${v.scores[i]}`}))),
      v.error ? el("p", {class: "muted", text: `the record stopped: ${v.error}`}) : "", board);
  }

  async function route() {
    const a = hashArgs();
    try {
      if (a.table) await tablePage(a.table);
      else if (a.replay) await replayPage(a.replay, Number(a.move || 0));
      else { current = null; await startPage(); }
    } catch (e) { toast(e.message); }
  }
  window.addEventListener("hashchange", route);
  route();
})();
