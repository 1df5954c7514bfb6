/// `/assets/app.css`: the style sheet (no inline styles anywhere: the Content-Security-Policy
/// allows only this file).
enum AppStyle {
    /// The style sheet.
    static let source = base + "\n" + EmotionStyle.styleRules + "\n"

    private static let base = #"""
:root { --ink: #1d2327; --muted: #5f6b73; --line: #d9dee2; --paper: #ffffff; --wash: #f5f6f4; --accent: #2f6f8f;
  --danger: #b3261e; --ok: #2e7d32; --radius: 10px; font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans KR", "Apple SD Gothic Neo", sans-serif; }
.pickers { display: flex; flex-wrap: wrap; gap: .5rem; }
details.outbox { display: inline-block; position: relative; margin-right: .6rem; }
details.outbox summary { cursor: pointer; font-weight: 600; color: var(--accent); }
details.outbox .outbox-count { display: inline-block; min-width: 1.4rem; padding: 0 .35rem; border-radius: 1rem; background: var(--accent); color: #fff; text-align: center; }
details.outbox .outbox-list { position: absolute; right: 0; z-index: 5; min-width: 16rem; margin: .3rem 0 0; padding: .6rem .6rem .6rem 1.6rem; background: var(--paper); border: 1px solid var(--line); border-radius: var(--radius); }
.outbox-item.failed, .outbox-item.signedOut, .outbox-item.conflict { color: var(--danger); }
.outbox-conflicts .conflict { margin: 0 0 1rem; padding: .8rem; border: 2px solid var(--danger); border-radius: var(--radius); background: var(--paper); }
.outbox-conflicts h2 { margin: 0 0 .4rem; font-size: 1.05rem; }
.conflict-fields { width: 100%; border-collapse: collapse; table-layout: fixed; overflow-wrap: anywhere; }
.conflict-fields th, .conflict-fields td { padding: .3rem; border-top: 1px solid var(--line); text-align: left; vertical-align: top; white-space: pre-wrap; }
.conflict-fields tr.differs td { background: var(--wash); font-weight: 600; }
.offline-banner { margin: 0 0 1rem; padding: .6rem .9rem; border-radius: var(--radius); background: #fff4d6; border: 1px solid #e7c36a; color: var(--ink); font-weight: 600; }
.offline-page { max-width: 40rem; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: var(--wash); line-height: 1.5; }
a { color: var(--accent); }
header.site { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; padding: .6rem 1.2rem; background: var(--paper); border-bottom: 1px solid var(--line); }
header.site .brand { font-weight: 700; font-size: 1.2rem; text-decoration: none; color: var(--ink); }
header.site nav ul { display: flex; gap: .3rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
header.site nav a { display: block; padding: .35rem .7rem; border-radius: 999px; text-decoration: none; color: var(--ink); }
header.site nav a[aria-current="page"] { background: var(--ink); color: var(--paper); }
header.site .tools { margin-left: auto; display: flex; flex-wrap: wrap; gap: .8rem; align-items: center; }
header.site .account-menu { flex-wrap: wrap; }
header.site .who { color: var(--muted); font-weight: 600; }
header.site .account-menu { display: flex; gap: .7rem; align-items: center; }
header.site .account-link { text-decoration: none; }
header.site .account-link[aria-current="page"] { text-decoration: underline; }
.book { background: var(--paper); border: 1px solid var(--line); border-radius: var(--radius); padding: .8rem 1rem; margin: .8rem 0; }
.book h3 { margin: .1rem 0 .4rem; }
.book .owner-tools { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-end; margin-top: .6rem; }
.book .owner-tools form, form.row-form { display: flex; flex-wrap: wrap; gap: .4rem; align-items: flex-end; }
.book .owner-tools label, form.row-form label { display: flex; flex-direction: column; gap: .2rem; font-weight: 600; }
.role-badge { display: inline-block; padding: .05rem .55rem; border-radius: 999px; background: var(--wash); border: 1px solid var(--line); font-size: .85rem; }
main { max-width: 1080px; margin: 0 auto; padding: 1.2rem; }
h1 { font-size: 1.6rem; margin: .2rem 0 .8rem; }
.page-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: .6rem; }
.actions, .form-actions, .card-actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.button, button { display: inline-flex; align-items: center; gap: .3rem; font: inherit; padding: .4rem .85rem; border: 1px solid var(--line);
  border-radius: 8px; background: var(--paper); color: var(--ink); text-decoration: none; cursor: pointer; }
.button.primary, button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.danger, .button.danger { color: var(--danger); }
button.link { border: 0; background: none; color: var(--accent); padding: 0; text-decoration: underline; }
form.inline { display: inline; }
.stack { display: flex; flex-direction: column; gap: .9rem; max-width: 760px; }
.stack label { display: flex; flex-direction: column; gap: .25rem; font-weight: 600; }
.stack label input[type="checkbox"], .stack label input[type="radio"] { align-self: flex-start; }
.stack label.check, label.check { flex-direction: row; align-items: center; gap: .4rem; font-weight: 400; }
input[type="text"], input[type="search"], input[type="password"], input[type="date"], input[type="datetime-local"], select, textarea {
  font: inherit; padding: .45rem .6rem; border: 1px solid var(--line); border-radius: 8px; background: var(--paper); font-weight: 400; }
textarea { resize: vertical; }
.row { display: flex; flex-wrap: wrap; gap: .8rem; }
.row label { flex: 1 1 180px; }
fieldset { border: 1px solid var(--line); border-radius: var(--radius); padding: .7rem .9rem; background: var(--paper); }
legend { font-weight: 600; padding: 0 .3rem; }
.error { color: var(--danger); font-weight: 600; }
.ok { color: var(--ok); font-weight: 600; }
.notice, .banner { background: #fff8e1; border: 1px solid #f0d98c; border-radius: 8px; padding: .5rem .8rem; }
.banner { display: flex; gap: .8rem; align-items: center; }
.hint, .meta, time, .zone, .author { color: var(--muted); }
.split-parts { list-style: none; margin: 0; padding: 0; font-size: 0.9em; }
.empty { color: var(--muted); font-style: italic; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.filters { display: flex; flex-wrap: wrap; gap: 1rem; margin: .5rem 0 1rem; align-items: flex-end; }
.filters label { display: inline-flex; gap: .3rem; align-items: center; }
.cards { list-style: none; padding: 0; margin: 0; display: grid; gap: .9rem; }
.card { background: var(--paper); border: 1px solid var(--line); border-left: 6px solid var(--emo, var(--line)); border-radius: var(--radius); padding: .8rem 1rem; }
.card h2 { font-size: 1.15rem; margin: .2rem 0; }
.card h2 a { color: var(--ink); text-decoration: none; }
.card-head { display: flex; gap: .8rem; align-items: center; flex-wrap: wrap; font-size: .9rem; }
.excerpt { margin: .3rem 0; white-space: pre-line; }
.thumbs { display: flex; flex-wrap: wrap; gap: .4rem; margin: .5rem 0; }
img.thumb { width: auto; height: 96px; max-width: 160px; object-fit: cover; border-radius: 6px; background: var(--wash); }
.emotion-badge { display: inline-flex; gap: .3rem; align-items: center; padding: .1rem .6rem; border-radius: 999px; background: var(--emo, #eee); font-weight: 600; color: #1d2327; }
.intensity { letter-spacing: .05em; font-size: .8rem; }
.tags { display: flex; flex-wrap: wrap; gap: .4rem; list-style: none; padding: 0; margin: .3rem 0; }
.tags a { text-decoration: none; background: var(--wash); padding: .05rem .5rem; border-radius: 999px; }
.paging { display: flex; gap: .6rem; justify-content: center; margin: 1.2rem 0; }
.month-nav { display: flex; align-items: center; justify-content: space-between; gap: .6rem; margin: .6rem 0; }
.month-nav h2 { margin: 0; font-size: 1.2rem; }
table.calendar { width: 100%; border-collapse: separate; border-spacing: 4px; table-layout: fixed; }
table.calendar th { color: var(--muted); font-weight: 600; }
table.calendar td { height: 4.2rem; vertical-align: top; background: var(--paper); border-radius: 8px; padding: .3rem; border: 1px solid var(--line); }
table.calendar td.blank { background: transparent; border: 0; }
table.calendar td.has-entries { background: var(--emo); }
table.calendar td a { display: flex; flex-direction: column; height: 100%; color: #1d2327; text-decoration: none; }
.day-count { margin-top: auto; font-size: .8rem; font-weight: 700; }
.legend { display: flex; flex-wrap: wrap; gap: .8rem; list-style: none; padding: 0; }
.swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 3px; background: var(--emo); margin-right: .3rem; vertical-align: middle; }
table.pixels { border-collapse: separate; border-spacing: 2px; font-size: .7rem; table-layout: fixed; width: 100%; max-width: 820px; }
table.pixels th { color: var(--muted); font-weight: 600; padding: 0; overflow: hidden; }
table.pixels thead th:first-child { width: 2.4rem; }
table.pixels td { height: 1.1rem; padding: 0; background: var(--paper); border: 1px solid var(--line); border-radius: 3px; }
table.pixels td.none { background: transparent; border: 0; }
table.pixels td.has-entries { background: var(--emo); border-color: var(--emo); }
table.pixels td.s1 { background: color-mix(in srgb, var(--emo) 40%, white); }
table.pixels td.s2 { background: color-mix(in srgb, var(--emo) 55%, white); }
table.pixels td.s3 { background: color-mix(in srgb, var(--emo) 70%, white); }
table.pixels td.s4 { background: color-mix(in srgb, var(--emo) 85%, white); }
table.pixels td a { display: block; width: 100%; height: 100%; }
.on-this-day { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: .5rem .9rem; margin: .6rem 0; }
.on-this-day h2 { font-size: 1rem; margin: .2rem 0; }
.on-this-day ul { list-style: none; padding: 0; margin: .3rem 0; }
.on-this-day li { margin: .2rem 0; }
.chart { position: relative; height: 300px; max-width: 760px; margin: .8rem 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 1rem; }
table.data { border-collapse: collapse; background: var(--paper); margin: .6rem 0; min-width: 50%; }
table.data th, table.data td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; }
.amount { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.income { color: var(--ok); }
.expense { color: var(--danger); }
.scroll { overflow-x: auto; }
td.row-actions { white-space: nowrap; }
td.row-actions form, td.row-actions .button { margin-right: .25rem; }
.entry-text p { white-space: pre-wrap; }
.photos-large { display: grid; gap: 1rem; }
figure.photo-large { margin: 0; }
figure.photo-large img.large { max-width: 100%; height: auto; border-radius: var(--radius); }
figcaption { color: var(--muted); font-size: .85rem; }
.emotions { display: flex; flex-wrap: wrap; gap: .4rem; }
.emotion-choice, .intensity-choice, .kind-choice { display: inline-flex !important; flex-direction: row !important; align-items: center; gap: .3rem;
  border: 2px solid var(--emo, var(--line)); border-radius: 999px; padding: .2rem .7rem; cursor: pointer; font-weight: 500 !important; }
.emotion-choice:has(input:checked) { background: var(--emo); }
.intensity-choice:has(input:checked), .kind-choice:has(input:checked) { background: var(--ink); color: var(--paper); }
.photo-list { list-style: none; margin: .5rem 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .6rem; }
.photo { position: relative; border: 1px solid var(--line); border-radius: var(--radius); padding: .4rem; background: var(--wash); display: flex; flex-direction: column; gap: .3rem; }
.sortable .photo { cursor: grab; }
.photo img { width: 100%; height: 120px; object-fit: cover; border-radius: 6px; max-width: none; }
.photo.removed { opacity: .4; }
.photo.replaced { outline: 2px dashed var(--accent); }
.photo-number { position: absolute; top: .5rem; left: .5rem; background: var(--ink); color: #fff; border-radius: 999px; min-width: 1.6rem; text-align: center; font-size: .8rem; padding: 0 .3rem; }
.photo-actions { display: flex; flex-wrap: wrap; gap: .25rem; font-size: .85rem; }
.photo-actions .button, .photo-actions button { padding: .15rem .45rem; }
.photo-actions label { font-weight: 400 !important; flex-direction: row !important; align-items: center; }
.photo-actions .replace input, .picker input { max-width: 12rem; }
.js-only { display: none !important; }
.enhanced .js-only { display: inline-flex !important; }
.enhanced .replace input[type="file"], .enhanced .picker input[type="file"] { position: absolute; width: 1px; height: 1px; opacity: 0; overflow: hidden; }
.enhanced .replace, .enhanced .picker { position: relative; }
.sortable-ghost { opacity: .3; }
.current-receipt { display: flex; gap: .8rem; align-items: center; }
.login { max-width: 420px; margin: 3rem auto; background: var(--paper); padding: 1.5rem; border-radius: var(--radius); border: 1px solid var(--line); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.csv-sample { background: var(--paper); border: 1px solid var(--line); padding: .5rem; border-radius: 6px; overflow-x: auto; }
form.book-switcher { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .3rem 0 .8rem; }
form.book-switcher label, .book-select { display: inline-flex; flex-wrap: wrap; gap: .3rem; align-items: center; max-width: 100%; }
form.book-switcher select, .book-select select { max-width: 100%; min-width: 0; }
.budgets .since, .budgets .carry { color: var(--muted); font-weight: 400; }
tr.budget-line.over th { color: var(--danger); }
.budget-form summary { cursor: pointer; font-weight: 600; margin: .4rem 0; }
@media (max-width: 600px) { table.pixels { border-spacing: 1px; font-size: .5rem; } table.pixels td { height: .8rem; border-radius: 2px; } table.pixels th.minor { color: transparent; } }
@media (max-width: 600px) { main { padding: .7rem; } .photo-list { grid-template-columns: repeat(2, 1fr); } }
/* One-handed at phone widths: every control a thumb's size (44 px), the save button across the form. */
@media (max-width: 600px) {
  button, .button, select, input[type="text"], input[type="date"], input[type="number"], input[type="search"], input[type="password"] { min-height: 44px; }
  button[name="done"] { width: 100%; }
}
"""#
}
