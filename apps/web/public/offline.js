// The offline page's only behaviour: try again on demand, and by itself once the network is back.
document.getElementById('retry').addEventListener('click', () => location.reload());
window.addEventListener('online', () => location.reload());
