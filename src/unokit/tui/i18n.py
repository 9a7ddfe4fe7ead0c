"""Interface texts in English, Traditional and Simplified Chinese (the seeds' languages).

>>> tr("zh-Hant", "draw")
'摸牌'
>>> card_name("zh-Hans", Card.parse("B+2"))
'蓝+2'
"""

from __future__ import annotations

from unokit.cards import COLOR_OF, RANK_OF, Card, Rank

__all__ = ["LANGUAGES", "card_name", "color_name", "tr"]

LANGUAGES = ("en", "zh-Hant", "zh-Hans")

_TEXTS: dict[str, tuple[str, str, str]] = {
    # key: (English, Traditional Chinese, Simplified Chinese)
    "title": ("unokit", "unokit UNO", "unokit UNO"),
    "your_hand": ("Your hand", "你的手牌", "你的手牌"),
    "draw": ("Draw", "摸牌", "摸牌"),
    "pass": ("Keep", "保留", "保留"),
    "challenge": ("Challenge +4", "質疑 +4", "质疑 +4"),
    "take": ("Take the penalty", "接受罰牌", "接受罚牌"),
    "uno": ("UNO!", "UNO!", "UNO!"),
    "catch": ("Catch!", "抓!", "抓!"),
    "top": ("Top card", "牌頂", "牌顶"),
    "color": ("colour", "顏色", "颜色"),
    "direction_cw": ("clockwise ↻", "順時針 ↻", "顺时针 ↻"),
    "direction_ccw": ("counter-clockwise ↺", "逆時針 ↺", "逆时针 ↺"),
    "draw_pile": ("draw pile", "牌堆", "牌堆"),
    "pending": ("pending penalty", "待罰", "待罚"),
    "cards": ("cards", "張", "张"),
    "seat": ("Seat", "座位", "座位"),
    "you": ("You", "你", "你"),
    "team": ("team", "隊", "队"),
    "your_turn": ("Your turn", "輪到你了", "轮到你了"),
    "waiting": ("Waiting for seat", "等待座位", "等待座位"),
    "choose_color": ("Choose a colour", "選擇顏色", "选择颜色"),
    "choose_target": ("Swap hands with", "與誰交換手牌", "与谁交换手牌"),
    "wild_use": ("Use the wild to", "萬用牌功能", "万能牌功能"),
    "which_cards": ("Play which cards?", "出哪幾張牌？", "出哪几张牌？"),
    "peek": ("Look at a hand", "看手牌", "看手牌"),
    "trade": ("Trade three cards", "換三張牌", "换三张牌"),
    "round_over": ("Round over", "本局結束", "本局结束"),
    "match_over": ("Match over", "比賽結束", "比赛结束"),
    "winner": ("Winner", "勝者", "胜者"),
    "points": ("points", "分", "分"),
    "scores": ("Scores", "積分", "积分"),
    "next_round": ("Next round", "下一局", "下一局"),
    "play_again": ("Play again", "再玩一次", "再玩一次"),
    "quit": ("Quit", "離開", "离开"),
    "save_quit": ("Save and quit", "存檔並離開", "存档并离开"),
    "quit_no_save": ("Quit without saving", "不存檔離開", "不存档离开"),
    "saved": ("Game saved to", "已存檔至", "已存档至"),
    "cancel": ("Cancel", "取消", "取消"),
    "log": ("What happened", "牌局紀錄", "牌局记录"),
    "uno_armed": (
        "UNO will be called with your next card",
        "出下一張牌時喊 UNO",
        "出下一张牌时喊 UNO",
    ),
    "red": ("red", "紅", "红"),
    "yellow": ("yellow", "黃", "黄"),
    "green": ("green", "綠", "绿"),
    "blue": ("blue", "藍", "蓝"),
}

_RANKS: dict[Rank, tuple[str, str, str]] = {
    Rank.SKIP: ("skip", "禁止", "禁止"),
    Rank.REVERSE: ("reverse", "反轉", "反转"),
    Rank.DRAW_TWO: ("+2", "+2", "+2"),
    Rank.WILD: ("wild", "萬用", "万能"),
    Rank.WILD_DRAW_FOUR: ("wild +4", "萬用+4", "万能+4"),
    Rank.WILD_SHUFFLE_HANDS: ("shuffle hands", "洗手牌", "洗手牌"),
    Rank.WILD_CUSTOMIZABLE: ("custom wild", "自製卡", "自制卡"),
    Rank.WILD_SWIMMING: ("keep swimming", "只要游泳", "只要游泳"),
}


def _index(lang: str) -> int:
    return LANGUAGES.index(lang) if lang in LANGUAGES else 0


def tr(lang: str, key: str) -> str:
    """The interface text ``key`` in ``lang`` (English if unknown)."""
    texts = _TEXTS.get(key)
    return texts[_index(lang)] if texts else key


def color_name(lang: str, color: int) -> str:
    return tr(lang, ("red", "yellow", "green", "blue")[color])


def card_name(lang: str, card: Card) -> str:
    """A card's name for people: ``red 5`` / ``紅5`` / ``红5``."""
    rank = RANK_OF[card]
    color = COLOR_OF[card]
    i = _index(lang)
    rank_text = str(int(rank)) if rank <= 9 else _RANKS[rank][i]
    if color < 0:
        return rank_text
    sep = " " if i == 0 else ""
    return f"{color_name(lang, color)}{sep}{rank_text}"
