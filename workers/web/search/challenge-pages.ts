/**
 * Bot-check pages for tests, written from the markers the engines are documented to send (no
 * recording exists): DuckDuckGo's anomaly modal with form#challenge-form, and the page behind
 * Baidu's wappass.baidu.com captcha redirect.
 */
export const duckDuckGoChallengePage = `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="utf-8"><title>DuckDuckGo</title>
<link rel="stylesheet" href="/dist/h.css"></head>
<body class="body--html">
<div class="anomaly-modal__mask">
  <div class="anomaly-modal__modal" data-testid="anomaly-modal">
    <div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
    <div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div>
    <form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=html&amp;cc=sre&amp;ti=1" method="POST">
      <div class="anomaly-modal__instructions">Select all squares containing a duck:</div>
      <div class="anomaly-modal__images"><img class="anomaly-modal__image" src="//duckduckgo.com/assets/anomaly/images/challenge/1.jpg" alt=""></div>
      <button type="submit" class="anomaly-modal__submit btn btn--primary">Submit</button>
    </form>
  </div>
</div>
</body></html>`

export const baiduCaptchaPage = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>百度安全验证</title></head>
<body><div class="timeout hide"><div class="timeout-img"></div><div class="timeout-title">网络不给力，请稍后重试</div></div>
<div class="vcode-body"><div class="vcode-title">请完成下方验证后继续操作</div><div id="captcha"></div></div>
</body></html>`
