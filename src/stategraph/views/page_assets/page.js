/* stategraph view: the puzzle, its state graph and each routine's search, played side by side.
   Plain DOM and SVG; everything it shows comes from the JSON in #page-data (see views/page.py). */
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const NS = "http://www.w3.org/2000/svg";
  // matplotlib's "tab:" colours, which the scene style tables name
  const TAB = {blue: "#1f77b4", orange: "#ff7f0e", green: "#2ca02c", red: "#d62728", purple: "#9467bd",
               brown: "#8c564b", pink: "#e377c2", gray: "#7f7f7f", grey: "#7f7f7f", olive: "#bcbd22",
               cyan: "#17becf"};
  const $ = (id) => document.getElementById(id);
  const colour = (name) => (typeof name === "string" && name.startsWith("tab:")) ? (TAB[name.slice(4)] || "#888888")
    : (name || "#888888");
  const count = (n) => Number(n).toLocaleString("en-US");
  // how the page counts things: the noun singular for one (stategraph.contract.words.plural's rule)
  const plural = (n, noun) => `${count(n)} ${noun}${n === 1 ? "" : noun.endsWith("sh") ? "es" : "s"}`;
  const clamp = (value, low, high) => Math.max(low, Math.min(high, value));

  function make(tag, attrs, parent) {
    const node = document.createElementNS(NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function name(node, label) {  // a scene part's name is its element's id (unless the page uses it)
    if (!label) return;
    node.setAttribute("data-name", label);
    if (!document.getElementById(label)) node.id = label;
  }

  $("page-title").textContent = data.title;
  $("page-summary").textContent = data.wrong ? `WRONG: ${data.wrong}` : data.summary;
  if (data.wrong) $("page-summary").className = "wrong";
  $("page-answer").textContent = data.answer;

  // ---- the puzzle: a Scene per step, or the step's picture text --------------------------------
  const steps = data.steps;
  const lastStep = steps.texts.length - 1;
  const pictures = steps.scenes;

  function marker(parent, shape, row, col, size, fill) {
    if (shape === "s" || shape === "D") {
      const box = make("rect", {x: col - size, y: row - size, width: 2 * size, height: 2 * size, fill: fill},
                       parent);
      if (shape === "D") box.setAttribute("transform", `rotate(45 ${col} ${row})`);
      return box;
    }
    if (shape === "x" || shape === "+") {
      const d = shape === "x" ? `M${col - size},${row - size}L${col + size},${row + size}M${col - size},${row + size}` +
        `L${col + size},${row - size}` : `M${col - size},${row}L${col + size},${row}M${col},${row - size}L${col},${row + size}`;
      return make("path", {d: d, stroke: fill, "stroke-width": size * 0.45, fill: "none"}, parent);
    }
    const turn = {"^": 0, ">": 90, "v": 180, "<": 270}[shape];
    if (turn !== undefined) {
      return make("path", {d: `M${col},${row - size}L${col + size},${row + size}L${col - size},${row + size}Z`,
                           fill: fill, transform: `rotate(${turn} ${col} ${row})`}, parent);
    }
    return make("circle", {cx: col, cy: row, r: shape === "." ? size * 0.5 : size, fill: fill}, parent);
  }

  function swatchOf(fill) {  // a small square of a cell style's colour, for the legend
    const swatch = make("svg", {class: "swatch-cell", viewBox: "0 0 1 1", width: 12, height: 12});
    make("rect", {x: 0, y: 0, width: 1, height: 1, fill: fill, stroke: "#666666", "stroke-width": 0.1}, swatch);
    return swatch;
  }

  function legendItem(legend, swatch, caption, style) {
    const item = document.createElement("li");
    item.append(swatch, caption);
    if (style) item.setAttribute("data-style", style);
    legend.appendChild(item);
  }

  function drawScene(k) {
    const svg = $("scene-svg");
    const legend = $("scene-legend");
    const text = $("scene-picture");
    if (!pictures) {
      svg.setAttribute("hidden", "");
      text.hidden = false;
      text.textContent = steps.pictures[k];
      return;
    }
    const j = steps.scene_of[k];
    const scene = pictures.scenes[j];
    svg.replaceChildren();
    legend.replaceChildren();
    const styles = pictures.styles;
    const fill = (i) => colour(styles[i] ? styles[i][1] : "#dddddd");
    for (const [i, meaning] of scene.legend >= 0 ? pictures.legends[scene.legend] : []) {
      legendItem(legend, swatchOf(fill(i)), meaning, styles[i][0]);
    }
    const shown = steps.scene_steps[j];
    $("scene-note").textContent = shown === k ? "" :
      `(the picture after step ${shown}: on a grid this large, every step's picture would not fit the page)`;
    if (scene.text !== undefined) {  // a text picture: its lines as they are
      svg.setAttribute("hidden", "");
      text.hidden = false;
      text.classList.add("text-picture");
      text.textContent = scene.text;
      return;
    }
    svg.removeAttribute("hidden");
    text.hidden = true;
    const [top, left, bottom, right] = scene.bounds;
    svg.setAttribute("viewBox", `${left - 0.5} ${top - 0.5} ${right - left + 1} ${bottom - top + 1}`);
    svg.style.maxWidth = `${Math.max(260, 46 * (right - left + 1))}px`;
    const table = pictures.cells[scene.cells];
    const cells = make("g", {class: "cells"}, svg);
    const runs = table.runs;
    for (let i = 0; i < runs.length; i += 4) {
      make("rect", {x: runs[i + 1] - 0.5, y: runs[i] - 0.5, width: runs[i + 3], height: 1,
                    fill: fill(runs[i + 2]), "data-style": styles[runs[i + 2]][0]}, cells);
    }
    let lines = "";
    for (let r = top; r <= bottom + 1; r++) lines += `M${left - 0.5},${r - 0.5}H${right + 0.5}`;
    for (let c = left; c <= right + 1; c++) lines += `M${c - 0.5},${top - 0.5}V${bottom + 0.5}`;
    make("path", {d: lines, stroke: "#999999", "stroke-width": 0.03, fill: "none"}, svg);
    for (const [row, col, style, words, note, label] of table.single) {
      name(make("rect", {x: col - 0.5, y: row - 0.5, width: 1, height: 1, fill: fill(style), stroke: "#999999",
                         "stroke-width": 0.03, "data-style": styles[style][0]}, svg), label);
      if (words) {  // a long text shrinks to stay in its cell
        make("text", {x: col, y: row, "font-size": Math.min(0.45, 1.6 / String(words).length),
                      "text-anchor": "middle", "dominant-baseline": "central"}, svg).textContent = words;
      }
      if (note) {
        make("text", {x: col, y: row + 0.36, "font-size": Math.min(0.16, 1.6 / String(note).length),
                      "text-anchor": "middle", fill: "#555555",
                      "dominant-baseline": "central"}, svg).textContent = note;
      }
    }
    for (const [at, length, style, caption, label] of scene.trails) {
      const [stroke, width, dashed, shape, spread] = data.styles.trail[style] || ["#555555", 1.5, false, "", false];
      const points = pictures.points[at].slice(0, length)
        .map(([r, c], i) => spread ? [r + 0.12 * Math.sin(i), c + 0.12 * Math.cos(i)] : [r, c]);
      const group = make("g", {class: "trail"}, svg);
      name(group, label);
      if (points.length > 1) {
        make("polyline", {points: points.map(([r, c]) => `${c},${r}`).join(" "), fill: "none",
                          stroke: colour(stroke), "stroke-width": width * 0.035, "stroke-linejoin": "round",
                          "stroke-linecap": "round", "stroke-dasharray": dashed ? "0.16 0.1" : "none"}, group);
      }
      if (shape) for (const [r, c] of points) marker(group, shape, r, c, 0.07, colour(stroke));
      if (caption) {
        const swatch = document.createElement("span");
        swatch.className = "swatch line";
        swatch.style.borderColor = colour(stroke);
        swatch.style.borderStyle = dashed ? "dashed" : "solid";
        legendItem(legend, swatch, caption);
      }
    }
    for (const [label, row, col, style] of scene.marks) {
      const [paint, shape, size] = data.styles.mark[style] || ["#555555", "o", 8];
      const drawn = shape === "cell"
        ? make("rect", {x: col - 0.5, y: row - 0.5, width: 1, height: 1, fill: colour(paint), stroke: "#000000",
                        "stroke-width": 0.04}, svg)
        : marker(svg, shape, row, col, size / 40, colour(paint));
      name(drawn, label);
    }
  }

  // ---- the state graph ---------------------------------------------------------------------------
  const G = data.graph;
  const drawnCount = G.drawn;
  const graphSvg = $("graph-svg");
  const W = 1000, H = 620, MARGIN = 24;
  const px = new Array(drawnCount), py = new Array(drawnCount);
  const groups = G.groups || [];
  const labelAt = [];  // where each copy's label is written
  (() => {
    const xs = G.x.concat(groups.map((g) => g.x)), ys = G.y.concat(groups.map((g) => g.y));
    const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
    const spanX = maxX - minX, spanY = maxY - minY;
    let sx = spanX > 0 ? (W - 2 * MARGIN) / spanX : 1, sy = spanY > 0 ? (H - 2 * MARGIN) / spanY : 1;
    if (G.layout === "grid") sx = sy = Math.min(spanX > 0 ? sx : Infinity, spanY > 0 ? sy : Infinity, 160);
    if (!isFinite(sx)) sx = sy = 1;
    const offX = (W - spanX * sx) / 2, offY = (H - spanY * sy) / 2;
    for (let i = 0; i < drawnCount; i++) {
      px[i] = offX + (xs[i] - minX) * sx;
      py[i] = offY + (ys[i] - minY) * sy;
    }
    for (const g of groups) labelAt.push([offX + (g.x - minX) * sx, offY + (g.y - minY) * sy]);
    G.cell = G.layout === "grid" ? sx : Infinity;
  })();
  const radius = clamp(Math.min(0.3 * Math.sqrt((W * H) / Math.max(drawnCount, 1)), 0.45 * G.pitch * G.cell),
                       1.4, 10);
  const out = Array.from({length: drawnCount}, () => []);
  const pathPlace = new Map();
  G.path.forEach((node, place) => { if (!pathPlace.has(node)) pathPlace.set(node, place); });
  let view = {x: 0, y: 0, w: W, h: H};
  const circles = [];
  let currentRing, selectedRing;

  function drawGraph() {
    graphSvg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const defs = make("defs", {}, graphSvg);
    const arrow = make("marker", {id: "graph-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 5,
                                  markerHeight: 5, orient: "auto-start-reverse"}, defs);
    make("path", {d: "M0,0L10,5L0,10Z", fill: "#9aa0aa"}, arrow);
    const crossArrow = make("marker", {id: "graph-arrow-across", viewBox: "0 0 10 10", refX: 10, refY: 5,
                                       markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse"}, defs);
    make("path", {d: "M0,0L10,5L0,10Z", class: "arrow-across"}, crossArrow);
    groups.forEach((g, k) => {
      make("text", {class: "group-label", x: labelAt[k][0], y: labelAt[k][1], "data-group": k}, graphSvg)
        .textContent = g.label;
    });
    const edgeGroup = make("g", {class: "edges"}, graphSvg);
    const arrows = G.edges.length / 3 <= 3000;
    const copyOf = G.group_of;
    const lines = {edge: "", "edge across": ""};
    for (let e = 0; e < G.edges.length; e += 3) {
      const u = G.edges[e], v = G.edges[e + 1];
      out[u].push(e);
      if (v >= drawnCount || u === v) continue;
      const across = copyOf ? copyOf[u] !== copyOf[v] : false;  // from one copy of the layout to another
      const kind = across ? "edge across" : "edge";
      const dx = px[v] - px[u], dy = py[v] - py[u], length = Math.hypot(dx, dy) || 1;
      const cut = Math.min(radius + 1, length / 2);
      const x2 = px[v] - dx * cut / length, y2 = py[v] - dy * cut / length;
      if (arrows) {
        make("line", {class: kind, x1: px[u], y1: py[u], x2: x2, y2: y2,
                      "marker-end": across ? "url(#graph-arrow-across)" : "url(#graph-arrow)"}, edgeGroup);
      } else {
        lines[kind] += `M${px[u].toFixed(1)},${py[u].toFixed(1)}L${x2.toFixed(1)},${y2.toFixed(1)}`;
      }
    }
    for (const [kind, d] of Object.entries(lines)) if (d) make("path", {class: kind, d: d}, edgeGroup);
    const along = G.path.map((i) => `${px[i]},${py[i]}`).join(" ");
    make("polyline", {class: "path-halo", points: along}, graphSvg);  // the path edged in white, over every move
    make("polyline", {class: "path-line", points: along, id: "graph-path"}, graphSvg);
    make("polyline", {class: "path-done", points: "", id: "graph-path-done"}, graphSvg);
    const nodes = make("g", {class: "nodes"}, graphSvg);
    for (let i = 0; i < drawnCount; i++) {
      const circle = make("circle", {class: "node untouched", cx: px[i], cy: py[i], r: radius, "data-i": i}, nodes);
      make("title", {}, circle).textContent = G.labels[i];
      circles.push(circle);
    }
    for (const i of [G.start].concat(G.targets)) {
      make("circle", {class: "ring-end", cx: px[i], cy: py[i], r: radius + 2.5}, graphSvg);
    }
    currentRing = make("circle", {class: "ring-current", r: radius + 4, cx: -99, cy: -99}, graphSvg);
    selectedRing = make("circle", {class: "ring-selected", r: radius + 6.5, cx: -99, cy: -99}, graphSvg);
    const pick = (event) => {
      const i = event.target.getAttribute && event.target.getAttribute("data-i");
      if (i !== null && i !== undefined) showState(Number(i));
    };
    graphSvg.addEventListener("click", pick);
    graphSvg.addEventListener("mouseover", pick);
    let note = `${plural(G.total, "state")}, ${plural(G.edges_total, "edge")}`;
    if (G.radius !== null) {
      let around = G.radius === 0 ? "the canonical path" :
        `the canonical path and every state within ${plural(G.radius, "move")} of it`;
      if (G.ring_in_part) around += `, and some of the states ${plural(G.radius + 1, "move")} away`;
      note = `${plural(G.total, "state")}: drawing ${count(drawnCount)}, ${around}; ` +
        `${count(G.total - drawnCount)} left out`;
    }
    if (G.edges_left_out) note += `; ${count(G.edges_left_out)} of the drawn states' moves left out`;
    if (groups.length) {
      note += `; ${G.placed ? "laid out where the model places each state" : "laid out by the page"}, one copy ` +
        `per group (${plural(groups.length, "group")}), in the order a search from the start first reaches them; ` +
        "moves between copies in orange";
    }
    $("graph-note").textContent = note + ". Scroll to zoom, drag to pan, double-click to fit.";
  }

  function setView() {
    graphSvg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
  }

  function zoomAndPan() {
    let dragging = null;
    graphSvg.addEventListener("wheel", (event) => {
      event.preventDefault();
      const box = graphSvg.getBoundingClientRect();
      const fx = (event.clientX - box.left) / box.width, fy = (event.clientY - box.top) / box.height;
      const factor = event.deltaY < 0 ? 0.8 : 1.25;
      const w = clamp(view.w * factor, W / 60, W * 2), h = w * H / W;
      view = {x: view.x + fx * (view.w - w), y: view.y + fy * (view.h - h), w: w, h: h};
      setView();
    }, {passive: false});
    graphSvg.addEventListener("pointerdown", (event) => {
      dragging = {x: event.clientX, y: event.clientY, view: Object.assign({}, view), moved: false};
    });
    graphSvg.addEventListener("pointermove", (event) => {
      if (!dragging) return;
      const box = graphSvg.getBoundingClientRect();
      const dx = (event.clientX - dragging.x) * view.w / box.width, dy = (event.clientY - dragging.y) * view.h / box.height;
      if (Math.abs(dx) + Math.abs(dy) > 2) dragging.moved = true;
      if (dragging.moved) {
        view = Object.assign({}, dragging.view, {x: dragging.view.x - dx, y: dragging.view.y - dy});
        setView();
      }
    });
    const stop = () => { dragging = null; };
    graphSvg.addEventListener("pointerup", stop);
    graphSvg.addEventListener("pointerleave", stop);
    graphSvg.addEventListener("dblclick", () => { view = {x: 0, y: 0, w: W, h: H}; setView(); });
  }

  function showState(i) {
    const label = $("state-label");
    label.textContent = G.labels[i];
    label.setAttribute("data-i", i);
    const distance = $("state-dist");
    const known = G.dist[i] !== null && G.dist[i] !== undefined;
    distance.textContent = known ? G.dist_text[i] : "unreachable from the start";
    distance.setAttribute("data-dist", JSON.stringify(known ? G.dist[i] : null));
    const place = pathPlace.get(i);
    $("state-path").textContent = (i === G.start ? "the start. " : "") + (G.targets.includes(i) ? "a goal. " : "") +
      (place === undefined ? "" : `state ${place} of the canonical path (${plural(G.path.length - 1, "move")}).`);
    const moves = $("state-moves");
    moves.replaceChildren();
    for (const e of out[i]) {
      const v = G.edges[e + 1];
      const item = document.createElement("li");
      item.textContent = `${G.moves[G.edges[e + 2]]} \u2192 ${G.labels[v]}` + (v >= drawnCount ? " (not drawn)" : "");
      moves.appendChild(item);
    }
    if (!out[i].length) moves.appendChild(Object.assign(document.createElement("li"), {textContent: "none"}));
    selectedRing.setAttribute("cx", px[i]);
    selectedRing.setAttribute("cy", py[i]);
  }

  // ---- the step control --------------------------------------------------------------------------
  const slider = $("step-slider");
  let step = 0, stepTimer = null;

  function setStep(k) {
    step = clamp(k, 0, lastStep);
    slider.value = step;
    const node = G.path[steps.states[step]];
    $("step-text").textContent = steps.texts[step];
    $("step-number").textContent = `step ${step} of ${lastStep}`;
    $("step-state").textContent = G.labels[node];
    $("step-state").setAttribute("data-i", node);
    currentRing.setAttribute("cx", px[node]);
    currentRing.setAttribute("cy", py[node]);
    graphSvg.setAttribute("data-current", node);
    $("graph-path-done").setAttribute("points",
      G.path.slice(0, steps.states[step] + 1).map((i) => `${px[i]},${py[i]}`).join(" "));
    drawScene(step);
    showState(node);
  }

  function playSteps() {
    if (stepTimer) {
      clearInterval(stepTimer);
      stepTimer = null;
      $("step-play").textContent = "play";
      return;
    }
    if (step === lastStep) setStep(0);
    $("step-play").textContent = "pause";
    stepTimer = setInterval(() => {
      if (step >= lastStep) playSteps(); else setStep(step + 1);
    }, 900);
  }

  // ---- the search replay ---------------------------------------------------------------------------
  const replays = data.replays;
  const replaySlider = $("replay-slider");
  let replay = null, frame = 0, replayTimer = null;
  const shownState = new Array(drawnCount).fill("untouched");

  function stepOf(j) { return Math.min(j * replay.stride, replay.settled); }

  function setFrame(j) {
    if (!replay) return;
    frame = clamp(j, 0, replay.frontier.length - 1);
    replaySlider.value = frame;
    const settled = stepOf(frame);
    for (let i = 0; i < drawnCount; i++) {
      const at = replay.settled_at[i], reached = replay.reached_at[i];
      const state = at >= 0 && at <= settled ? "settled" : reached >= 0 && reached <= settled ? "frontier" : "untouched";
      if (shownState[i] !== state) {
        circles[i].setAttribute("class", "node " + state);
        shownState[i] = state;
      }
    }
    const frontier = replay.frontier[frame];
    $("replay-settled").textContent = count(settled);
    $("replay-frontier").textContent = count(frontier);
    $("replay-untouched").textContent = count(Math.max(0, G.total - settled - frontier));
    $("replay-total").textContent = plural(G.total, "state");
  }

  function chooseReplay(index) {
    replay = replays[index];
    if (replayTimer) playReplay();
    replaySlider.max = replay.frontier.length - 1;
    $("replay-note").textContent = `${replay.name} settles ${plural(replay.settled, "state")}, ` +
      (replay.counted ? `as \`stategraph solve --stats -a ${replay.name}\` counts them` :
        "watched by the page (the routine counts none itself: --stats shows -)") +
      (replay.stride > 1 ? `; shown every ${replay.stride} states` : "") + "." +
      (replay.wrong ? ` Its distances are wrong: ${replay.wrong}.` : "");
    setFrame(replay.frontier.length - 1);
  }

  function playReplay() {
    if (replayTimer) {
      clearInterval(replayTimer);
      replayTimer = null;
      $("replay-play").textContent = "play";
      return;
    }
    if (!replay) return;
    const last = replay.frontier.length - 1;
    if (frame >= last) setFrame(0);
    const stride = Math.max(1, Math.ceil(last / 300));
    $("replay-play").textContent = "pause";
    replayTimer = setInterval(() => {
      if (frame >= last) playReplay(); else setFrame(frame + stride);
    }, 40);
  }

  function fillRoutines() {
    const select = $("replay-routine");
    const refused = $("replay-refused");
    replays.forEach((item, index) => {
      const option = document.createElement("option");
      option.value = index;
      option.textContent = item.refused ? `${item.name}: refused` :
        `${item.name} (${count(item.settled)} settled)` + (item.wrong ? ": WRONG" : "");
      option.disabled = Boolean(item.refused);
      select.appendChild(option);
      if (item.refused) {  // the reason below the list, where it wraps, never in an option as wide as it
        const reason = document.createElement("li");
        reason.textContent = `${item.name} refused: ${item.refused}`;
        refused.appendChild(reason);
      }
    });
    refused.hidden = !refused.childElementCount;
    select.addEventListener("change", () => chooseReplay(Number(select.value)));
    const first = replays.findIndex((item) => !item.refused);
    if (first >= 0) {
      select.value = first;
      chooseReplay(first);
    } else {
      select.disabled = true;
      $("replay-note").textContent = "no routine applies to this graph";
    }
  }

  // ---- the models ----------------------------------------------------------------------------------
  function fillModels() {
    const table = $("models");
    const head = table.createTHead().insertRow();
    head.appendChild(document.createElement("th")).textContent = "model";
    for (const model of data.models) {
      const cell = head.appendChild(document.createElement("th"));
      cell.textContent = model.name + (model.shown ? " (shown)" : "");
      cell.setAttribute("data-model", model.name);
      if (model.shown) cell.className = "shown";
    }
    const body = table.createTBody();
    const fields = [["states", "states"], ["edges", "edges"], ["routine", "algorithm"], ["states built", "built"],
                    ["states settled", "settled"],
                    ["cost", "cost"], ["same answer as shown", "agrees"], ["refused", "refused"], ["state", "summary"]];
    for (const [title, key] of fields) {
      if (!data.models.some((model) => model[key] !== undefined && model[key] !== null)) continue;
      const row = body.insertRow();
      row.appendChild(document.createElement("th")).textContent = title;
      for (const model of data.models) {
        const cell = row.insertCell();
        const value = model[key];
        cell.textContent = value === undefined || value === null ? "-" : typeof value === "boolean" ?
          (value ? "yes" : "NO") : typeof value === "number" ? count(value) : String(value);
        cell.setAttribute("data-model", model.name);
        cell.setAttribute("data-field", key);
        if (typeof value === "number") cell.setAttribute("data-value", value);
        cell.className = (model.shown ? "shown " : "") + (key === "summary" || key === "refused" ? "summary" : "");
      }
    }
  }

  // ---- the census ----------------------------------------------------------------------------------
  function fillCensus() {
    const census = data.census;
    if (!census) return;
    $("census-panel").hidden = false;
    $("census-summary").textContent = count(census.states) + " states; the farthest " + census.farthest +
      " from the start; " + count(census.goals) + " goal states; every state " +
      (census.all_reach_goal ? "can reach a goal" : "does NOT reach a goal");
    const table = $("census");
    const head = table.createTHead().insertRow();
    for (const title of ["distance", "states", ""]) head.appendChild(document.createElement("th")).textContent = title;
    const most = Math.max(...census.rows.map((row) => row[1]));
    const body = table.createTBody();
    for (const [distance, states] of census.rows) {
      const row = body.insertRow();
      row.insertCell().textContent = distance;
      row.insertCell().textContent = count(states);
      const bar = row.insertCell().appendChild(document.createElement("span"));
      bar.className = "census-bar";
      bar.style.width = (100 * states / most).toFixed(1) + "%";
    }
  }

  // ---- wiring --------------------------------------------------------------------------------------
  drawGraph();
  zoomAndPan();
  slider.max = lastStep;
  slider.addEventListener("input", () => setStep(Number(slider.value)));
  $("step-prev").addEventListener("click", () => setStep(step - 1));
  $("step-next").addEventListener("click", () => setStep(step + 1));
  $("step-play").addEventListener("click", playSteps);
  replaySlider.addEventListener("input", () => setFrame(Number(replaySlider.value)));
  $("replay-play").addEventListener("click", playReplay);
  $("replay-start").addEventListener("click", () => setFrame(0));
  $("replay-end").addEventListener("click", () => setFrame(replay ? replay.frontier.length - 1 : 0));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const moves = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: lastStep};
    if (!(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    setStep(moves[event.key]);
  });
  fillRoutines();
  fillModels();
  fillCensus();
  setStep(0);
  document.body.setAttribute("data-ready", "yes");
})();
