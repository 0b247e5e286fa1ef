// The live log: a table body with data-live listens to the server's stream of new rows
// (server-sent events) and appends them as the CLI, the daemon or another page records them.
for (const body of document.querySelectorAll("tbody[data-live]")) {
  const source = new EventSource(body.dataset.live);
  source.addEventListener("rows", (event) => {
    const rows = document.createElement("template");
    rows.innerHTML = event.data;
    body.append(rows.content);
    body.dataset.received = String(Number(body.dataset.received || 0) + 1);
  });
}
