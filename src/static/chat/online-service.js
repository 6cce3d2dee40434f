/*
 * The development stand-in for a brand's online chat provider (GET /api/service/chat answers it
 * when CHAT_SCRIPT_URL_<brand> is not set; production refuses to start without one). It says
 * plainly that it is a demo and sends nothing anywhere. Like a provider's script (or the adapter
 * hosted beside one), it defines window.onlineServiceChat with open() and close(): the
 * customer-service page opens it, and every navigation closes it. It draws no floating button of
 * its own, so nothing of it stays over other pages.
 */
(function () {
  if (window.onlineServiceChat) return;
  var color =
    getComputedStyle(document.documentElement).getPropertyValue('--brand-color').trim() ||
    '#0369A1';
  var panel = document.createElement('div');
  panel.id = 'online-service-panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', '在线客服（演示）');
  panel.hidden = true;
  panel.style.cssText =
    'position:fixed;left:12px;right:12px;bottom:76px;z-index:10075;max-width:420px;margin:0 auto;padding:16px;border-radius:12px;background:#fff;box-shadow:0 4px 20px rgba(0,0,0,.2);font-size:14px;color:#1f2329';
  panel.innerHTML =
    '<p style="margin:0 0 8px;font-weight:600">在线客服（演示）</p>' +
    '<p id="online-service-demo" style="margin:0 0 12px;padding:8px;border-radius:6px;background:#fff7e6;color:#6b4a00">' +
    '这是开发环境的演示客服：您发的消息不会发送给任何人，也不会有人回复。需要帮助请拨打页面上的客服电话。' +
    'This is a demo: messages reach no one.</p>' +
    '<ul id="online-service-log" style="list-style:none;margin:0 0 12px;padding:0;max-height:160px;overflow:auto"></ul>' +
    '<form style="display:flex;gap:8px"><label style="flex:1"><span style="position:absolute;left:-9999px">消息</span>' +
    '<input name="message" maxlength="200" style="width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccc;border-radius:6px"></label>' +
    '<button type="submit" style="padding:8px 12px;border:0;border-radius:6px;color:#fff;background:' +
    color +
    '">发送</button>' +
    '<button type="button" data-close style="padding:8px 12px;border:1px solid #ccc;border-radius:6px;background:#fff">关闭</button></form>';
  var opener = null;
  function close() {
    if (panel.hidden) return;
    panel.hidden = true;
    if (opener && document.contains(opener)) opener.focus();
  }
  panel.querySelector('[data-close]').addEventListener('click', close);
  panel.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') close();
  });
  panel.querySelector('form').addEventListener('submit', function (event) {
    event.preventDefault();
    var input = panel.querySelector('input');
    var text = input.value.trim();
    if (!text) return;
    var log = panel.querySelector('#online-service-log');
    var mine = document.createElement('li');
    mine.textContent = '我：' + text; // textContent: the message is never parsed as HTML
    log.appendChild(mine);
    var reply = document.createElement('li');
    reply.textContent = '（演示）未发送：此环境没有接入客服服务商，请拨打客服电话。';
    reply.style.color = '#646a73';
    log.appendChild(reply);
    input.value = '';
  });
  document.body.appendChild(panel);
  window.onlineServiceChat = {
    open: function () {
      opener = document.activeElement;
      panel.hidden = false;
      panel.querySelector('input').focus();
    },
    close: close,
  };
})();
