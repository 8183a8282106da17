/** How long the pending page keeps checking, and its first and longest wait between checks. */
export const CHECK_FOR_MS = 120_000;
export const FIRST_WAIT_MS = 2_000;
export const LONGEST_WAIT_MS = 15_000;

// The pending checkout's background checks, run only with the page's nonce. It asks the JSON route (with the page's
// cookie, same origin) for the checkout; when it has an order, the live region says so and the page is *replaced*
// by the order (location.replace: no history entry, so Back leaves). Any other change reloads the page in place.
// The wait grows by half each time, up to LONGEST_WAIT_MS; after CHECK_FOR_MS it stops and says so. Without script
// the page's own "Check again" link does the same by hand. The words come from the page (data attributes).
export const PENDING_SCRIPT = `(() => {
  const box = document.getElementById('checks');
  const live = document.getElementById('live');
  if (!box || !live || !window.fetch) return;
  const { api, path, opening, changed, stopped, checking, state } = box.dataset;
  if (location.search) history.replaceState(null, '', path);
  live.textContent = checking;
  const started = Date.now();
  let wait = ${FIRST_WAIT_MS};
  const next = () => {
    if (Date.now() - started + wait > ${CHECK_FOR_MS}) { live.textContent = stopped; return; }
    setTimeout(check, wait);
    wait = Math.min(Math.round(wait * 1.5), ${LONGEST_WAIT_MS});
  };
  const check = async () => {
    try {
      const answer = await fetch(api, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (answer.ok) {
        const { data } = await answer.json();
        if (data && data.orderId) {
          live.textContent = opening;
          location.replace('/orders/' + encodeURIComponent(data.orderId) + '?from=checkout');
          return;
        }
        if (data && (data.status + ' ' + data.paymentStatus) !== state) {
          live.textContent = changed;
          location.replace(path);
          return;
        }
      }
    } catch {}
    next();
  };
  next();
})();`;
