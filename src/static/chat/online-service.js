/*
 * Online customer-service chat for the brands that offer it (brand 9), loaded once at launch on
 * H5. This is the sandbox widget: it opens a panel and queues the user's message with a
 * standard reply, since no chat vendor is reachable here. A real vendor's loader replaces this
 * file's URL in the brand record.
 */
(function () {
  if (window.__onlineServiceChat) return;
  window.__onlineServiceChat = true;
  var color =
    getComputedStyle(document.documentElement).getPropertyValue('--brand-color') || '#0369A1';
  var button = document.createElement('button');
  button.type = 'button';
  button.id = 'online-service-button';
  button.textContent = '在线客服';
  button.setAttribute('aria-haspopup', 'dialog');
  button.style.cssText =
    'position:fixed;right:12px;bottom:76px;z-index:10060;padding:10px 14px;border:0;border-radius:20px;color:#fff;font-size:14px;box-shadow:0 2px 8px rgba(0,0,0,.2);background:' +
    color;
  var panel = document.createElement('div');
  panel.id = 'online-service-panel';
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', '在线客服');
  panel.hidden = true;
  panel.style.cssText =
    'position:fixed;left:12px;right:12px;bottom:76px;z-index:10075;max-width:420px;margin:0 auto;padding:16px;border-radius:12px;background:#fff;box-shadow:0 4px 20px rgba(0,0,0,.2);font-size:14px;color:#1f2329';
  panel.innerHTML =
    '<p style="margin:0 0 12px">您好，这里是在线客服，工作时间 9:00-21:00。请描述您的问题。</p>' +
    '<ul id="online-service-log" style="list-style:none;margin:0 0 12px;padding:0;max-height:160px;overflow:auto"></ul>' +
    '<form style="display:flex;gap:8px"><label style="flex:1"><span style="position:absolute;left:-9999px">消息</span>' +
    '<input name="message" maxlength="200" style="width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccc;border-radius:6px"></label>' +
    '<button type="submit" style="padding:8px 12px;border:0;border-radius:6px;color:#fff;background:' +
    color +
    '">发送</button>' +
    '<button type="button" data-close style="padding:8px 12px;border:1px solid #ccc;border-radius:6px;background:#fff">关闭</button></form>';
  button.addEventListener('click', function () {
    panel.hidden = !panel.hidden;
    if (!panel.hidden) panel.querySelector('input').focus();
  });
  panel.querySelector('[data-close]').addEventListener('click', function () {
    panel.hidden = true;
    button.focus();
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
    reply.textContent = '客服：已收到，客服人员将尽快回复您。';
    reply.style.color = '#646a73';
    log.appendChild(reply);
    input.value = '';
  });
  document.body.appendChild(button);
  document.body.appendChild(panel);
})();
