// Any registered game without a drawing of its own: its document as data.
"use strict";
OlabBoard.register("generic", (doc) => {
  const {el} = OlabBoard;
  return el("div", {}, el("p", {class: "muted", text: "This game has no drawing yet; its document:"}),
            el("div", {class: "json", text: JSON.stringify(doc, null, 1)}));
});
