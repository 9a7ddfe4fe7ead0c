"""Event texts in Chinese: Traditional (the seeds 000, 002, 004) and Simplified (001, 003).

The templates mirror :mod:`unokit.events` kind by kind; Simplified text is the Traditional
text with each character converted (the templates use only characters in ``_SIMPLIFY``).

>>> from unokit.cards import Card
>>> from unokit.events import Event
>>> Event("draw", 1, ((Card.parse("R5"),),)).text_for(2, "zh-Hant")
'座位 1 摸了 1 張牌'
>>> Event("skip", 2, (3, (2,))).text_for(None, "zh-Hans")
'座位 2 被跳过；轮到座位 3'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unokit.events import Event

__all__ = ["text_zh"]

_PAIRS = (
    "張张 輪轮 顏颜 紅红 黃黄 綠绿 藍蓝 莊庄 發发 開开 過过 轉转 順顺 時时 針针 質质 敗败 罰罚 "
    "結结 勝胜 積积 換换 給给 棄弃 無无 隊队 這这 將将 們们 個个 從从 後后 還还 為为 選选 擇择 "
    "繼继 續续 錯错 誤误 規规 則则 決决 萬万 變变 處处 兩两 會会 疊叠 搶抢 擋挡 數数 輸输 場场 "
    "頂顶 顯显 號号 總总 計计 據据 餘余 說说 關关 問问 題题 進进 剩剩 廢废 們们 聲声 喚唤 "
    "單单 種种 對对 並并 雙双 讓让 壞坏 贏赢 淘淘 汰汰 觀观 看看 層层 絕绝 氣气 遊游 戲戏 "
    "擁拥 與与 歸归 於于 滿满 為为 遠远 選选 貼贴 隨随 機机 檢检 舉举 碰碰 態态 還还 況况 "
    "應应 該该 繳缴 報报 產产 帶带 準准 備备 時时 間间 剛刚 當当 則则 亦亦 區区 復复 權权 "
    "連连 陣阵 盤盘 邊边 長长 復复 雖虽 嗎吗 剩剩 離离 亂乱 嚴严 禁禁 團团 員员 據据 撲扑"
)
_SIMPLIFY = str.maketrans({p[0]: p[1] for p in _PAIRS.split()})

_COLOR_ZH = {"red": "紅", "yellow": "黃", "green": "綠", "blue": "藍", "matching": "同"}


def _cards(cards: Any) -> str:
    return " ".join(c.code for c in cards) if cards else "無"


def _color(label: str) -> str:
    return _COLOR_ZH.get(label, label)


def _what(text: str) -> str:
    """The English evidence phrase of a +4 challenge, in Chinese."""
    for word, zh in _COLOR_ZH.items():
        if word in text:
            return f"{zh}色牌"
    return "其他可出的牌"


def _reason(text: str) -> str:
    return {"+2": "+2", "W+4": "+4", "pending penalty": "累積罰牌", "last card": "最後一張牌"}.get(
        text, text
    )


_T = Callable[["Event", bool], str]

_ZH: dict[str, _T] = {
    "dealer_draw": lambda e, f: f"座位 {e.seat} 抽 {e.args[0]} 決定莊家",
    "dealer": lambda e, f: f"座位 {e.seat} 是莊家",
    "deal": lambda e, f: f"第 {e.args[1]} 局：座位 {e.seat} 發給每人 {e.args[0]} 張牌",
    "start_card": lambda e, f: f"翻開的起始牌是 {e.args[0]}",
    "misdeal": lambda e, f: (
        f"牌堆剩下的 {e.args[0]} 張牌都不能當起始牌：發牌者座位 {e.seat} 把所有牌洗勻重新發牌"
    ),
    "start_returned": lambda e, f: f"{e.args[0]} 不能當起始牌：放回牌堆洗勻後重新翻牌",
    "start_buried": lambda e, f: f"{e.args[0]} 不是數字牌：放回牌堆底，繼續翻牌",
    "start_skip": lambda e, f: f"起始牌跳過座位 {e.seat}：由座位 {e.args[0]} 先出",
    "start_reverse": lambda e, f: f"起始牌反轉方向為逆時針：由座位 {e.args[0]} 先出",
    "start_reverse_two": lambda e, f: (
        f"兩人遊戲中起始反轉牌等於跳過：座位 {e.seat} 被跳過，由座位 {e.args[0]} 先出"
    ),
    "start_draw_two": lambda e, f: (
        f"起始牌 +2：座位 {e.seat} 摸 2 張並跳過回合（不可疊加或轉移）；輪到座位 {e.args[1]}"
    ),
    "start_wild": lambda e, f: f"起始牌是萬用牌：第一位出牌的座位 {e.seat} 先選顏色再出牌",
    "color_chosen": lambda e, f: f"座位 {e.seat} 指定{_color(e.args[0].label)}色",
    "play": lambda e, f: (
        f"座位 {e.seat} 出 {_cards(e.args[0])}"
        + (f"，指定{_color(e.args[1].label)}色" if e.args[1] is not None else "")
    ),
    "uno": lambda e, f: f"座位 {e.seat} 喊 UNO",
    "false_uno": lambda e, f: f"座位 {e.seat} 誤喊 UNO，罰摸 {e.args[0]} 張",
    "caught": lambda e, f: (
        f"座位 {e.seat} 抓到座位 {e.args[0]} 沒喊 UNO：座位 {e.args[0]} 罰摸 {e.args[1]} 張"
    ),
    "false_catch": lambda e, f: f"座位 {e.seat} 錯誤檢舉座位 {e.args[0]}，罰摸 {e.args[1]} 張",
    "draw": lambda e, f: (
        f"座位 {e.seat} 摸了 {_cards(e.args[0])}"
        if f
        else f"座位 {e.seat} 摸了 {len(e.args[0])} 張牌"
    ),
    "draw_none": lambda e, f: f"座位 {e.seat} 摸牌，但已無牌可摸",
    "drawn_playable": lambda e, f: (
        f"摸到的牌{' ' + e.args[0].code if f else ''}可以出：座位 {e.seat} 可出或保留"
    ),
    "drawn_must_play": lambda e, f: (
        f"摸到的牌{' ' + e.args[0].code if f else ''}可以出：座位 {e.seat} 必須打出"
    ),
    "drawn_unplayable": lambda e, f: f"座位 {e.seat} 摸到的牌不能出；輪到座位 {e.args[0]}",
    "pass": lambda e, f: f"座位 {e.seat} 保留摸到的牌；輪到座位 {e.args[0]}",
    "skip": lambda e, f: (
        (
            f"座位 {e.seat} 被跳過"
            if e.seat is not None
            else f"座位 {', '.join(map(str, e.args[1]))} 被跳過"
        )
        + f"；輪到座位 {e.args[0]}"
    ),
    "reverses_cancel": lambda e, f: f"{e.args[0]} 張反轉牌互相抵消：方向不變",
    "reverse": lambda e, f: f"方向改為{'順時針' if e.args[0] == 1 else '逆時針'}",
    "reverse_two": lambda e, f: f"兩人遊戲中反轉牌等於跳過：座位 {e.seat} 再出一次",
    "penalty_draw": lambda e, f: (
        f"座位 {e.seat} 因{_reason(e.args[1])}摸 {len(e.args[0])} 張"
        + (f"（{_cards(e.args[0])}）" if f else "")
        + f"並跳過回合；輪到座位 {e.args[2]}"
    ),
    "penalty_pending": lambda e, f: f"座位 {e.seat} 面對 {e.args[0]} 張罰牌：摸牌，或依規則回應",
    "deflect": lambda e, f: (
        f"座位 {e.seat} 用 {e.args[0]} 轉移 {e.args[1]} 張罰牌：改由座位 {e.args[2]} 面對"
    ),
    "jump_in": lambda e, f: (
        f"座位 {e.seat} 搶出座位 {e.args[0]} 的 {_cards(e.args[1])}："
        + {
            "": "被搶的牌失效",
            "new": "被搶的牌及之前疊加的罰牌全部失效",
            "old": "只有被搶的牌失效，之前疊加的罰牌仍然有效",
        }[e.args[2]]
        + f"，從座位 {e.seat} 繼續"
    ),
    "sum_jump_in": lambda e, f: (
        f"座位 {e.seat} 以數字和搶出座位 {e.args[0]} 的 {_cards(e.args[1])}，從座位 {e.seat} 繼續"
    ),
    "challenger_takes_rest": lambda e, f: f"質疑者座位 {e.seat} 摸餘下的 {e.args[0]} 張罰牌",
    "swap": lambda e, f: f"座位 {e.seat} 與座位 {e.args[0]} 交換手牌",
    "rotate": lambda e, f: (
        f"所有玩家依{'順時針' if e.args[0] == 1 else '逆時針'}方向把手牌傳給下家"
    ),
    "peek": lambda e, f: (
        f"座位 {e.seat} 看座位 {e.args[0]} 的手牌" + (f"：{_cards(e.args[1])}" if f else "")
    ),
    "trade": lambda e, f: (
        f"座位 {e.seat} 與座位 {e.args[0]} 換牌：給出 {len(e.args[1])} 張"
        + (f"（{_cards(e.args[1])}）" if f else "")
        + f"，隨機拿回 {len(e.args[2])} 張"
        + (f"（{_cards(e.args[2])}）" if f else "")
    ),
    "seat_change": lambda e, f: (
        "玩家交換座位：" + "，".join(f"座位 {s}：玩家 {p}" for s, p in enumerate(e.args[0]))
    ),
    "challenge_won": lambda e, f: (
        f"質疑成功：座位 {e.args[0]} 出 +4 時有{_what(e.args[1])}"
        + (f"（{_cards(e.args[2])}）" if f else "")
        + f"；座位 {e.args[0]} 摸 {e.args[3]} 張；"
        + (
            f"質疑者座位 {e.seat} 摸罰牌中其餘的 {e.args[5]} 張，然後接著出"
            if len(e.args) > 5 and e.args[5]
            else f"座位 {e.seat} 不用摸牌並接著出"
        )
        + f"{_color(e.args[4])}色"
    ),
    "challenge_lost": lambda e, f: (
        f"質疑失敗：座位 {e.args[0]} 出 +4 時沒有{_what(e.args[1])}；"
        f"座位 {e.seat} 摸 {e.args[3]} 張並跳過回合"
    ),
    "reveal": lambda e, f: (
        f"座位 {e.args[0]} 向座位 {e.seat} 亮出手牌" + (f"：{_cards(e.args[1])}" if f else "")
    ),
    "shuffle_hands": lambda e, f: f"所有手牌收回洗勻，從座位 {e.args[0]} 開始重新發牌",
    "custom": lambda e, f: f"自製卡效果：{e.args[0]}",
    "swim": lambda e, f: (
        f"座位 {e.seat} 游泳：摸 {len(e.args[0])} 張"
        + (f"（{_cards(e.args[0])}）" if f else "")
        + ("直到摸到藍色牌" if e.args[1] else "，牌堆用完也沒有藍色牌")
        + (f"，並跳過回合；輪到座位 {e.args[2]}" if e.args[3] else "，然後出牌")
    ),
    "reshuffle": lambda e, f: f"牌堆用完：棄牌堆（頂牌除外）洗勻成為 {e.args[0]} 張的新牌堆",
    "piles_empty": lambda e, f: "牌堆與棄牌堆都已用完：無牌可摸",
    "void_round": lambda e, f: "牌堆用完：本局作廢，不計分",
    "out": lambda e, f: (
        f"座位 {e.seat} 出完手牌" + (f"（第 {e.args[0]} 名）" if e.args and e.args[0] > 1 else "")
    ),
    "round_won": lambda e, f: (
        f"座位 {e.seat} 贏得本局"
        + (f"，{e.args[0]} 隊（座位 {', '.join(map(str, e.args[1]))}）獲勝" if e.args else "")
    ),
    "points": lambda e, f: f"座位 {e.seat} 得 {e.args[0]} 分（總分 {e.args[1]}）",
    "eliminated": lambda e, f: f"座位 {e.seat} 被淘汰",
    "match_won": lambda e, f: (
        (f"座位 {e.seat} 贏得比賽" if e.seat is not None and e.seat >= 0 else "比賽結束")
        + (f"：排名 {', '.join(map(str, e.args[0]))}" if e.args else "")
    ),
    "timeout": lambda e, f: f"座位 {e.seat} 超時，罰摸 {e.args[0]} 張；輪到座位 {e.args[1]}",
    "misplay": lambda e, f: (
        f"座位 {e.seat} 出錯牌 {e.args[0]}：收回並罰摸 {e.args[2]} 張"
        + (
            ("，繼續出牌" + (f"，仍須面對 {e.args[4]} 張罰牌" if e.args[4] else ""))
            if e.args[3] == e.seat
            else (f"，並摸下待罰的 {e.args[4]} 張" if e.args[4] else "") + f"；輪到座位 {e.args[3]}"
        )
    ),
    "table_penalty": lambda e, f: (
        f"裁判罰座位 {e.seat} 摸 {e.args[0]} 張" + (f"（{e.args[1]}）" if e.args[1] else "")
    ),
}


def text_zh(event: Event, full: bool, simplified: bool) -> str:
    """The event's text in Traditional (or Simplified) Chinese, citing its rule."""
    base = _ZH[event.kind](event, full)
    if event.rule:
        base = f"{base}（{event.rule}）"
    return base.translate(_SIMPLIFY) if simplified else base
