// The public site's one stylesheet (served at SITE_STYLESHEET_PATH; no inline style anywhere, so the pages' policy
// refuses every style attribute and <style> element). Mobile first; a wider grid from 768 px and 1100 px.
export const SITE_CSS = `
:root{--navy:#0d2f5c;--navy-2:#164a8a;--gold:#c79a3b;--ink:#1f2733;--muted:#677385;--line:#e3e8ef;--bg:#f5f7fa;--white:#fff;--radius:6px}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:var(--ink);background:var(--white);line-height:1.7;font-size:15px}
a{color:var(--navy-2);text-decoration:none}
a:hover,a:focus-visible{color:var(--gold);text-decoration:underline}
img{max-width:100%;height:auto;display:block}
.wrap{max-width:1200px;margin:0 auto;padding:0 16px}
.skip{position:absolute;left:-9999px;top:0;background:var(--gold);color:var(--white);padding:8px 12px;z-index:20}
.skip:focus{left:8px}
.preview-bar{position:sticky;top:0;z-index:30;display:flex;gap:12px;align-items:center;justify-content:center;padding:8px 16px;background:#b42318;color:var(--white);font-size:14px}
.preview-bar strong{border:1px solid var(--white);border-radius:3px;padding:0 8px;letter-spacing:4px}
.site-header{background:var(--navy);color:var(--white);border-bottom:3px solid var(--gold);position:relative;z-index:10}
.header-row{display:flex;flex-direction:column;gap:8px;padding-top:12px;padding-bottom:4px}
.brand{display:flex;align-items:center;gap:12px;color:var(--white)}
.brand:hover,.brand:focus-visible{color:var(--white);text-decoration:none}
.brand-mark{width:40px;height:40px;border-radius:50%;border:3px solid var(--gold);background:linear-gradient(135deg,var(--navy-2) 0 50%,var(--gold) 50% 100%);flex:none}
.brand-text{display:flex;flex-direction:column;line-height:1.3}
.brand-name{font-size:20px;font-weight:700;letter-spacing:2px}
.brand-tagline{font-size:12px;color:#c9d6ea;letter-spacing:1px}
.main-nav{overflow-x:auto;scrollbar-width:none}
.nav-top{list-style:none;margin:0;padding:0;display:flex;gap:2px;white-space:nowrap}
.nav-top>li{position:relative}
.nav-top>li>a,.nav-top>li>span{display:block;padding:10px 14px;color:var(--white);font-size:15px}
.nav-top>li>a:hover,.nav-top>li>a:focus-visible,.nav-top>li.active>a{background:var(--navy-2);color:var(--white);text-decoration:none;box-shadow:inset 0 -3px 0 var(--gold)}
.nav-sub{display:none;list-style:none;margin:0;padding:6px 0;position:absolute;left:0;top:100%;min-width:160px;background:var(--white);box-shadow:0 8px 24px rgba(13,47,92,.18);border-top:3px solid var(--gold)}
.nav-sub a{display:block;padding:6px 16px;color:var(--ink)}
.nav-sub a:hover,.nav-sub a:focus-visible{background:var(--bg);color:var(--navy-2);text-decoration:none}
main{display:block;min-height:50vh}
.hero{position:relative;background:var(--navy)}
.hero-track{list-style:none;margin:0;padding:0;display:flex;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth}
.hero-slide{flex:0 0 100%;scroll-snap-align:start;position:relative}
.hero-slide a{display:block;color:var(--white)}
.hero-slide a:hover{text-decoration:none}
.hero-img{width:100%;height:220px;object-fit:cover}
.hero-caption{position:absolute;left:0;right:0;bottom:0;padding:48px 0 20px;background:linear-gradient(transparent,rgba(8,28,56,.85));color:var(--white)}
.hero-caption .wrap{display:block}
.hero-title{display:block;font-size:20px;font-weight:700;letter-spacing:1px}
.hero-cta{display:inline-block;margin-top:8px;padding:2px 14px;border:1px solid var(--gold);color:var(--gold);font-size:13px;border-radius:2px}
.hero-dots{list-style:none;margin:0;padding:0;position:absolute;right:16px;bottom:12px;display:flex;gap:6px}
.hero-dots a{display:block;width:26px;height:6px;overflow:hidden;text-indent:-99px;background:rgba(255,255,255,.5);border-radius:3px}
.hero-dots a:hover,.hero-dots a:focus-visible{background:var(--gold)}
.hero-plain{background:radial-gradient(circle at 85% 20%,rgba(199,154,59,.35),transparent 40%),linear-gradient(120deg,var(--navy) 0%,var(--navy-2) 100%);color:var(--white);padding:48px 0 56px}
.hero-plain h1{margin:0 0 12px;font-size:30px;letter-spacing:4px}
.hero-plain p{margin:0;max-width:720px;color:#d7e2f2}
.hero-plain .hero-kicker{color:var(--gold);letter-spacing:3px;margin-bottom:8px;font-size:14px}
.intro{background:var(--bg);border-bottom:1px solid var(--line)}
.intro p{margin:0;padding:18px 0;color:var(--muted);text-align:center}
.slot{padding:28px 0}
.slot.tinted{background:var(--bg)}
.section-title{margin:0 0 16px;font-size:22px;color:var(--navy);padding-left:12px;border-left:4px solid var(--gold);line-height:1.3}
.slot-grid{display:grid;grid-template-columns:1fr;gap:24px}
.slot-col{min-width:0;background:var(--white)}
.slot.tinted .slot-col{padding:16px;border-radius:var(--radius)}
.col-head{display:flex;justify-content:space-between;align-items:baseline;border-bottom:2px solid var(--line);margin-bottom:12px}
.col-head h3{margin:0;font-size:17px;padding-bottom:6px;border-bottom:2px solid var(--navy);margin-bottom:-2px}
.col-head h3 a{color:var(--navy)}
.more{font-size:13px;color:var(--muted)}
.news-list{list-style:none;margin:0;padding:0}
.news-list li{display:flex;justify-content:space-between;gap:12px;padding:7px 0;border-bottom:1px dashed var(--line)}
.news-list a{color:var(--ink);overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
.news-list a:hover{color:var(--navy-2)}
.news-list time{flex:none;color:var(--muted);font-size:13px}
.cards{display:grid;grid-template-columns:1fr;gap:16px}
.card{border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;background:var(--white);transition:box-shadow .2s}
.card:hover{box-shadow:0 6px 18px rgba(13,47,92,.12)}
.card a{display:block;color:var(--ink)}
.card a:hover{text-decoration:none}
.card-media{display:block;position:relative;aspect-ratio:16/9;background:var(--bg);overflow:hidden}
.card-img{width:100%;height:100%;object-fit:cover}
.card-img.placeholder{display:flex;align-items:center;justify-content:center;color:var(--white);font-size:18px;letter-spacing:4px;background:linear-gradient(135deg,var(--navy),var(--navy-2))}
.play{position:absolute;left:50%;top:50%;width:48px;height:48px;margin:-24px 0 0 -24px;border-radius:50%;background:rgba(13,47,92,.75);border:2px solid var(--white)}
.play::after{content:"";position:absolute;left:19px;top:13px;border-style:solid;border-width:10px 0 10px 15px;border-color:transparent transparent transparent var(--white)}
.duration{position:absolute;right:8px;bottom:8px;background:rgba(0,0,0,.65);color:var(--white);font-size:12px;padding:0 6px;border-radius:3px}
.card-body{display:block;padding:10px 12px 12px}
.card-title{display:block;font-weight:600;line-height:1.5;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.card-summary{display:block;color:var(--muted);font-size:13px;margin-top:4px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.card-date{display:block;color:var(--muted);font-size:12px;margin-top:6px}
.lead-left,.lead-top{display:grid;gap:12px}
.empty{color:var(--muted);padding:24px 0;text-align:center}
.page-head{background:linear-gradient(120deg,var(--navy),var(--navy-2));color:var(--white);padding:20px 0 24px}
.page-head h1{margin:4px 0 0;font-size:26px;letter-spacing:2px}
.breadcrumb ol{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;font-size:13px}
.breadcrumb li+li::before{content:"›";margin:0 8px;opacity:.7}
.page-head .breadcrumb,.page-head .breadcrumb a{color:#c9d6ea}
.crumbs{padding-top:16px;color:var(--muted)}
.crumbs a{color:var(--muted)}
.page-body{display:grid;grid-template-columns:1fr;gap:24px;padding-top:24px;padding-bottom:40px}
.page-main{min-width:0}
.side-nav{border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;align-self:start}
.side-nav h2{margin:0;padding:12px 16px;font-size:16px;background:var(--navy);color:var(--white)}
.side-nav ul{list-style:none;margin:0;padding:0}
.side-nav a{display:block;padding:10px 16px;color:var(--ink);border-top:1px solid var(--line)}
.side-nav li.active a{color:var(--navy-2);font-weight:600;box-shadow:inset 3px 0 0 var(--gold);background:var(--bg)}
.rows{list-style:none;margin:0;padding:0}
.row{display:flex;gap:16px;padding:16px 0;border-bottom:1px solid var(--line)}
.row-thumb{flex:0 0 120px}
.thumb{width:120px;height:80px;object-fit:cover;border-radius:4px}
.row-body{min-width:0}
.row h2{margin:0 0 4px;font-size:17px;line-height:1.5}
.row h2 a{color:var(--ink)}
.row h2 a:hover{color:var(--navy-2)}
.row p{margin:0 0 6px;color:var(--muted);font-size:14px}
.row-meta{display:flex;flex-wrap:wrap;gap:10px;align-items:center;color:var(--muted);font-size:13px}
.badge{display:inline-block;padding:0 8px;border-radius:2px;background:var(--bg);border:1px solid var(--line);font-size:12px}
.badge.type{color:var(--navy-2);border-color:#c9d6ea}
.pager{display:flex;justify-content:center;align-items:center;gap:16px;margin-top:24px}
.pager a,.pager span{padding:4px 12px;border:1px solid var(--line);border-radius:3px}
.pager span{color:var(--muted)}
.pager .pager-at{border:0}
.item{max-width:860px;margin:0 auto;width:100%}
.item-head{border-bottom:1px solid var(--line);margin-bottom:20px;padding-bottom:12px;text-align:center}
.item-head h1{margin:0 0 10px;font-size:24px;line-height:1.45;color:var(--navy)}
.item-meta{display:flex;flex-wrap:wrap;justify-content:center;gap:16px;color:var(--muted);font-size:13px}
.lead{padding:12px 16px;background:var(--bg);border-left:4px solid var(--gold);color:#44505f}
.cover{margin:0 0 16px}
.cover-img{width:100%;border-radius:var(--radius)}
.player{margin:0 0 16px;background:#000;border-radius:var(--radius);overflow:hidden}
.player video{display:block;width:100%;max-height:70vh}
.rich-text{font-size:16px;line-height:1.9}
.rich-text h1,.rich-text h2,.rich-text h3,.rich-text h4{color:var(--navy);line-height:1.4;margin:1.4em 0 .6em}
.rich-text p{margin:0 0 1em;text-indent:2em}
.rich-text li p,.rich-text blockquote p{text-indent:0;margin:.2em 0}
.rich-text img{margin:1em auto;border-radius:4px}
.rich-text blockquote{margin:1em 0;padding:8px 16px;border-left:4px solid var(--line);color:var(--muted)}
.rich-text pre{background:#0f1b2d;color:#e6edf6;padding:12px;border-radius:4px;overflow-x:auto}
.rich-text code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}
.rich-text ul,.rich-text ol{padding-left:2em}
.rich-text hr{border:0;border-top:1px solid var(--line);margin:2em 0}
.more-link a,.button{display:inline-block;padding:6px 20px;background:var(--navy);color:var(--white);border-radius:3px}
.more-link a:hover,.button:hover{background:var(--navy-2);color:var(--white);text-decoration:none}
.tags{margin-top:24px;color:var(--muted);font-size:13px}
.tag{display:inline-block;margin:0 6px 6px 0;padding:0 10px;border-radius:12px;background:var(--bg);border:1px solid var(--line)}
.not-found{padding:64px 0;text-align:center}
.not-found .code{font-size:72px;font-weight:800;color:var(--line);margin:0;line-height:1}
.not-found h1{color:var(--navy)}
.site-footer{background:#0a2547;color:#b8c6da;margin-top:24px;font-size:14px}
.footer-grid{display:grid;grid-template-columns:1fr;gap:20px;padding-top:28px;padding-bottom:20px}
.footer-name{font-size:18px;color:var(--white);font-weight:700;margin-bottom:6px}
.footer-about p{margin:0}
.footer-links,.footer-contact{list-style:none;margin:0;padding:0}
.footer-links{display:grid;grid-template-columns:repeat(2,1fr);gap:4px 16px}
.footer-links a,.footer-contact a{color:#b8c6da}
.footer-links a:hover,.footer-contact a:hover{color:var(--gold)}
.footer-contact span{color:var(--gold);margin-right:8px}
.footer-bottom{border-top:1px solid rgba(255,255,255,.1);padding:12px 0;font-size:13px}
.footer-bottom .wrap{display:flex;flex-wrap:wrap;gap:8px 24px;justify-content:center}
.footer-bottom a{color:#b8c6da}
@media (min-width:768px){
.header-row{flex-direction:row;align-items:center;justify-content:space-between;padding-top:0;padding-bottom:0}
.main-nav{overflow:visible}
.nav-top>li>a,.nav-top>li>span{padding:24px 14px}
.nav-top>li.has-sub:hover>.nav-sub,.nav-top>li.has-sub:focus-within>.nav-sub{display:block}
.hero-img{height:420px}
.hero-title{font-size:30px}
.hero-plain{padding:80px 0 88px}
.hero-plain h1{font-size:42px}
.slot-grid.cols-2{grid-template-columns:repeat(2,1fr)}
.slot-grid.cols-3{grid-template-columns:repeat(3,1fr)}
.slot-grid.cols-4{grid-template-columns:repeat(2,1fr)}
.cards{grid-template-columns:repeat(2,1fr)}
.slot-grid.cols-1 .cards{grid-template-columns:repeat(4,1fr)}
.lead-left{grid-template-columns:1fr 1fr}
.page-body{grid-template-columns:220px 1fr}
.page-body.single{grid-template-columns:1fr}
.page-body:not(:has(.side-nav)){grid-template-columns:1fr}
.row-thumb{flex-basis:200px}
.thumb{width:200px;height:125px}
.footer-grid{grid-template-columns:2fr 1fr 1.5fr}
}
@media (min-width:1100px){
.slot-grid.cols-4{grid-template-columns:repeat(4,1fr)}
.hero-img{height:480px}
}
`;
