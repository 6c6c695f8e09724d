// nyballot: reload a page of work in progress every two seconds while it says it is running
// (an element with data-running="yes"); the page works without it, by its own reload link.
(function () {
  var running = document.querySelector('[data-running="yes"]');
  if (running) {
    window.setTimeout(function () { window.location.reload(); }, 2000);
  }
})();
