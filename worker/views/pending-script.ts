/** How long the pending page keeps checking, and its first and longest wait between checks. */
export const CHECK_FOR_MS = 120_000;
const FIRST_WAIT_MS = 2_000;
const LONGEST_WAIT_MS = 15_000;
/** How long the page stays after it says it is moving on, so a screen reader speaks the words before the page changes. */
export const ANNOUNCE_MS = 2_000;

// The pending checkout's background checks through the JSON route. Its order, once there, *replaces* the page after
// ANNOUNCE_MS (a polite announcement waits for an idle reader); any other change, or `expire` passing (data-left,
// counted on the monotonic clock), reloads it. Waits grow by half; after CHECK_FOR_MS it stops and says so.
export const PENDING_SCRIPT = `(() => {
  const box = document.getElementById('checks');
  const live = document.getElementById('live');
  if (!box || !live || !window.fetch) return;
  const { api, path, opening, changed, stopped, checking, state, left } = box.dataset;
  if (location.search) history.replaceState(null, '', path);
  live.textContent = checking;
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const expiresIn = left ? Number(left) : Infinity;
  let wait = ${FIRST_WAIT_MS};
  const moveTo = (words, address) => {
    live.textContent = words;
    setTimeout(() => location.replace(address), ${ANNOUNCE_MS});
  };
  const next = () => {
    const untilExpiry = Math.ceil(expiresIn - elapsed());
    const delay = untilExpiry > 0 && untilExpiry < wait ? untilExpiry : wait;
    if (elapsed() + delay > ${CHECK_FOR_MS}) { live.textContent = stopped; return; }
    setTimeout(check, delay);
    wait = Math.min(Math.round(wait * 1.5), ${LONGEST_WAIT_MS});
  };
  const check = async () => {
    try {
      const answer = await fetch(api, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (answer.ok) {
        const { data } = await answer.json();
        if (data && data.orderId) {
          moveTo(opening, '/orders/' + encodeURIComponent(data.orderId) + '?from=checkout');
          return;
        }
        if (data && ((data.status + ' ' + data.paymentStatus + ' ' + data.expire) !== state || elapsed() >= expiresIn)) {
          moveTo(changed, path);
          return;
        }
      }
    } catch {}
    next();
  };
  next();
})();`;
