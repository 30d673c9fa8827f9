/* detect_lang.c - what the charset detection (detect.c) knows of the
 * languages of its candidates: their frequent characters, and what their
 * letters and words look like. */
#include "detect.h"

/* Characters that are frequent in each language: common words, the
 * surnames and given-name characters of each country's players, and the
 * words of game records (events, results, ranks).  Written for this
 * program from general knowledge of those languages (they are short lists,
 * not counts from a corpus); MIT like the rest of the source.  The tiers
 * below them come from the charsets' own layout: GB2312 puts the 3755
 * most frequent Hanzi in level 1, Big5 its 5401 frequent characters
 * first, JIS X 0208 its 2965 level-1 Kanji first, and KS X 1001 holds the
 * 2350 Hangul syllables in use (CP949 adds the 8822 others). */
static const char zh_hans[] =
    /* surnames */
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董"
    "袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟"
    "熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文"
    "牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符"
    "舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁芮辜"
    "芈檀连时朴柁於屠邬党"
    /* given names */
    "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英玉萍红建辉力晓燕宇鹏飞鑫"
    "波斌浩凯俊帆帅旭鹤博轩豪宏峰毅骏达亮志东海新国春兰云雪莉婷琳倩颖欣佳怡"
    "雨思涵梓睿昊泽嘉瑞铭卫庆元立锋祥荣振德义仁忠信礼智贤良善光耀烨越廷钰维"
    "啸笑鼎辰星昱蕴胜利山水木火土凤虎鹰松竹菊兵民生康福寿喜乐永宝珍珠彩霖阳"
    "晨曦航远正清泉河湖川峻岩若诗琪悦灵慧聪逸然皓硕靖琦瑶璐妍媛蓉芸莲薇菲婉"
    "瑾晖炜铸久乃垚睿羊毅钦诚赫丰芸莹璇又尹泓余奕敏全佳楷梦成尧熹嵩磊洗斌"
    /* common words */
    "的一是不了人我在有他这中大来上个到说们为子和你地出道也年得就那要下以会"
    "自着去之过家学对可她里后小么心多天而能好都然没日起还发事只作当想看无开"
    "手十用主行又如前所本见经头面公同三已老从动两长知样现分将外但身些与意进"
    "把法此实回二理美点月其种声全工己话儿者情部名定女问机给等几很业最间什打"
    "便位因重被走电四第门相次政口使教西再真听世气北少并内加化由却代产入先五"
    "太万市眼体别处总才场师书比住员九性通目报命活难神数件表原车白应路期叫死"
    "提感何更反合放做系计或司受果亲界及今京务制解各任至物台象记边共风战干接"
    "它许八特觉望直服题南度统色字请交爱让认算论百吃科怎社术结六功指非流每青"
    "管夫远资队跟带花快条院变联言权往展该领传近留治决保办运武半候七必城父步"
    "完革深区即求品士转量空众技轻告语基派满式息写识极令收钱未持取设始版双历"
    "史商千片容研像找友孩站广改议形委早房音际则首据导影失拿网香似斯专兵弟谁"
    "校读志观争究包组造落视济离坐集编谈府拉黑且随格尽剑讲布杀微母调局根准团"
    /* game records */
    "围棋盘赛杯届冠亚季军决半复预选轮职业余段级贴目负和局对先执黑白中盘胜负"
    "超时认输弃权擂台锦标甲乙联积分";
static const char zh_hant[] =
    "王李張劉陳楊黃趙吳周徐孫馬朱胡郭何高林羅鄭梁謝宋唐許韓馮鄧曹彭曾蕭田董"
    "袁潘于蔣蔡余杜葉程蘇魏呂丁任沈姚盧姜崔鍾譚陸汪范金石廖賈夏韋方白鄒孟熊"
    "秦邱江尹薛段雷侯龍史陶黎賀顧毛郝龔邵萬錢嚴武戴莫孔向湯常溫康施文牛樊葛"
    "邢安齊易喬伍龐顏倪莊聶章魯岳翟殷詹申歐耿關蘭焦俞左柳甘祝包寧尚符舒阮柯"
    "紀梅童凌畢單季裴霍涂成苗谷盛曲翁駱藍路游辛管柴蒙鮑華賴簡洪呂俐鈺樺"
    "偉芳娜敏靜麗強磊軍洋勇豔傑娟濤明超秀霞平剛桂英玉萍紅建輝力曉燕宇鵬飛鑫"
    "波斌浩凱俊帆帥旭鶴博軒豪宏峰毅駿達亮志東海新國春蘭雲雪莉婷琳倩穎欣佳怡"
    "雨思涵梓睿昊澤嘉瑞銘衛慶元立鋒祥榮振德義仁忠信禮智賢良善光耀燁越廷維"
    "嘯笑鼎辰星昱勝利山水木火土鳳虎鷹松竹菊兵民生康福壽喜樂永寶珍珠彩霖陽晨"
    "曦航遠正清泉河湖川峻巖若詩琪悅靈慧聰逸然皓碩靖琦瑤璐妍媛蓉芸蓮薇菲婉瑾"
    "誠銘琬勳栩依旻皓鋐均輔祥浩淵庭君諺景言祈咨蓉嘉萱盧聖靖恩冠源實谷"
    "的一是不了人我在有他這中大來上個到說們為子和你地出道也年得就那要下以會"
    "自著去之過家學對可她裡後小麼心多天而能好都然沒日於起還發事只作當想看無"
    "開手十用主行又如前所本見經頭面公同三已老從動兩長知樣現分將外但身些與意"
    "進把法此實回二理美點月其種聲全工己話兒者情部名定女問機給等幾很業最間什"
    "打便位因重被走電四第門相次政口使教西再真聽世氣北少並內加化由卻代產入先"
    "五太萬市眼體別處總才場師書比住員九性通目報命活難神數件表原車白應路期叫"
    "死提感何更反合放做系計或司受果親界及今京務制解各任至物臺台象記邊共風戰"
    "接許八特覺望直服題南度統色字請交愛讓認算論百科社術結六功指非流每青管夫"
    "資隊跟帶花快條院變聯言權往展該領傳近留治決保辦運武半候七必城父步完深區"
    "圍棋盤賽杯屆冠亞季決複預選輪職業餘段級貼目負局對先執黑白中勝超時認輸"
    "碁因坊名戰天元聖座龍銳";
static const char ja[] =
    "日一国人年大十二本中長出三同時政事自行社見月分議後前民生連五発間対上部"
    "東者党地合市業内相方四定今回新場金員九入選立開手米力学問高代明実円関決"
    "子動京全目表戦経通外最言氏現理調体化田当八六約主題下首意法不来作性的要"
    "用制治度務強気小七成期公持野協取都和統以機平総加山思家話世受区領多県続"
    "進正安設保改数記院女初北午指権心界支第産結百派点教報済書府活原先共得解"
    "名交資予川向際査勝面委告軍文反元重近千考判認画海参売利組知案道信策集在"
    "件団別物側任引使求所次水半品論計死官増係感特情投示変打男基私各始島直両"
    "朝革価式確村提運終挙果西勢減台広容必応演電歳住争談能無再位置企真流格有"
    "口過局少放税検藤町常校料沢裁状工建語球営空職証土与急止送援供可役構木割"
    "聞身費付施切由説転食比難防補車優夫研収断井何南石足違消境神番規術護展態"
    "導備宅害配副算視条幹独警宮究育席輸訪楽起万着請技"
    /* surnames and given names */
    "渡辺佐鈴橋伊吉松清森池阿崎岡谷斉福太竹野横宮岩酒武桑依羽根樹芝虎丸遼"
    "裕敬吾紳路勲趙秀策幻庵碩光英雄紀里菜愛咲美奈恵郎彦介輔助也哉翔輝亮健誠"
    "剛修浩隆博洋幸康弘昭茂豊義俊哲智聡悟優彩香花由佳絵沙紗穂葉結陽凛張栩"
    "坂藤鶴尾瀬浦沼塚植片倉菊杉柳桜梅芦今泉河合千之直正克伸治信夫久仁典彰"
    "碁棋聖竜星含桐囲黒白押番勝負手";
static const char ko[] =
    /* surnames */
    "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차"
    "주우구민진지엄채원천방공현변염여추도소석선설마길연위표명기반왕금옥육인맹"
    "제모탁국어은편용예봉경사부가복태목형피두감음빈동온호범좌승상시단화창옹"
    /* given names */
    "영수준훈철재혁희숙자순미혜아나다규종환일광근섭식세돌운열웅찬완필학중의"
    "택균휘욱률람솔별새봄름결란향애분효율린건무병덕대만춘삼칠팔십산해달빛들"
    /* common words and syllables */
    "바둑흑불계집전왕배본리그회권를에와과로으다고것있없되그보저내좋었습니까요"
    "게는을의께서하면부터까지만도또더잘못같이처럼초중후반끝시간분초패착점";
/* Cyrillic: letter frequencies of Russian, three tiers. */
static const char ru_common[] = "оеаинтсрвлкмдпу";
static const char ru_middle[] = "яыьгзбчйхжшюі";
/* Latin: the accented letters of the languages of ISO-8859-1 (Western
 * Europe) and ISO-8859-2 (Central Europe), most frequent first. */
static const char west_common[] = "éüöäáóíñçèàúßã";
static const char west_middle[] = "êôâîõøåæëïûùòìœýÿ";
static const char central_common[] = "áéíóúýčřšžěůłąęśżćńöüőő";
static const char central_middle[] = "ťďňľźăşţűĺŕôäđâîç";

/* In the order of detect.c's enum lang: Chinese (simplified, then
 * traditional), Japanese, Korean, Russian, Western and Central European. */
const char *const sgft__lang_tables[L__COUNT][2] = {
    {zh_hans, NULL},   {zh_hant, NULL},  {ja, NULL}, {ko, NULL},
    {ru_common, ru_middle}, {west_common, west_middle},
    {central_common, central_middle},
};

/* --- what letters look like ---------------------------------------------- */

/* Whether code point c is one of the characters of the UTF-8 text t:
 * its encoding is looked for in t (UTF-8 is self-synchronizing: a whole
 * character never matches inside another).  No table is built, so a
 * detection costs nothing before its first non-ASCII character. */
bool sgft__set_has(const char *t, uint32_t c) {
    char u[4];
    size_t n;
    if (!t)
        return false;
    if (c < 0x80) {
        u[0] = (char)c, n = 1;
    } else if (c < 0x800) {
        u[0] = (char)(0xC0 | c >> 6), u[1] = (char)(0x80 | (c & 0x3F)), n = 2;
    } else if (c < 0x10000) {
        u[0] = (char)(0xE0 | c >> 12), u[1] = (char)(0x80 | (c >> 6 & 0x3F));
        u[2] = (char)(0x80 | (c & 0x3F)), n = 3;
    } else {
        return false;
    }
    for (const char *p = strchr(t, u[0]); p; p = strchr(p + 1, u[0]))
        if (strncmp(p, u, n) == 0)
            return true;
    return false;
}

bool sgft__ascii_letter(unsigned c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Latin and Cyrillic letters as the single-byte scorer sees them. */
bool sgft__is_cyrillic(uint32_t c) { return c >= 0x400 && c <= 0x4FF; }
static bool is_latin(uint32_t c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7);
}
bool sgft__is_letter(uint32_t c) {
    return is_latin(c) || sgft__is_cyrillic(c);
}
static bool is_upper(uint32_t c) {
    if (c < 0x80)
        return c >= 'A' && c <= 'Z';
    if (c >= 0xC0 && c <= 0xDE)
        return c != 0xD7;
    if (c >= 0x100 && c <= 0x137)
        return c % 2 == 0;
    if (c >= 0x139 && c <= 0x148)
        return c % 2 == 1;
    if (c >= 0x14A && c <= 0x177)
        return c % 2 == 0;
    if (c == 0x178)
        return true;
    if (c >= 0x179 && c <= 0x17E)
        return c % 2 == 1;
    if (c >= 0x400 && c <= 0x42F)
        return true;
    if (c >= 0x460 && c <= 0x4FF)
        return c % 2 == 0;
    return false;
}
static uint32_t to_lower(uint32_t c) {
    if (!is_upper(c))
        return c;
    if (c < 0x80 || (c >= 0xC0 && c <= 0xDE) || (c >= 0x410 && c <= 0x42F))
        return c + 32;
    if (c >= 0x400 && c <= 0x40F)
        return c + 80;
    if (c == 0x178)
        return 0xFF;
    return c + 1;
}
static bool is_vowel(uint32_t c) {
    c = to_lower(c);
    if (c >= 0x430 && c <= 0x45F) /* а е и о у ы э ю я ё є і ї */
        return c == 0x430 || c == 0x435 || c == 0x438 || c == 0x43E ||
                c == 0x443 || c == 0x44B || c == 0x44D || c == 0x44E ||
                c == 0x44F || c == 0x451 || c == 0x454 || c == 0x456 ||
                c == 0x457;
    if (c < 0x80)
        return strchr("aeiouy", (int)c) != NULL;
    return (c >= 0xE0 && c <= 0xE6) || (c >= 0xE8 && c <= 0xEF) ||
           (c >= 0xF2 && c <= 0xF6) || (c >= 0xF8 && c <= 0xFD) ||
           c == 0xFF || (c >= 0x101 && c <= 0x105) ||
           (c >= 0x113 && c <= 0x11B) || (c >= 0x129 && c <= 0x131) ||
           (c >= 0x14D && c <= 0x153) || (c >= 0x169 && c <= 0x173);
}
bool sgft__is_quote(uint32_t c) {
    return c == 0xAB || c == 0xBB || (c >= 0x2018 && c <= 0x201E) ||
           c == 0x2039 || c == 0x203A;
}


/* Scores one letter, symbol or other character of a single-byte reading
 * in its context (prev and next are code points, 0 at the ends). */
double sgft__score_single(lang lg, uint32_t c, uint32_t prev,
                           uint32_t next) {
    if (c >= 0x80 && c < 0xA0)
        return -10; /* C1 control */
    if (c == 0xA0)
        return 0;
    if (!sgft__is_letter(c)) {
        if (sgft__is_quote(c))
            return -0.5;
        bool touching = sgft__is_letter(prev) || sgft__is_letter(next);
        return touching ? -4 : -1;
    }
    double s;
    uint32_t low = to_lower(c);
    bool cyr = sgft__is_cyrillic(c);
    if (lg == L_RU) {
        if (!cyr)
            return -4;
        s = sgft__set_has(sgft__lang_tables[lg][0], low) ? 1.5
            : sgft__set_has(sgft__lang_tables[lg][1], low) ? 1.0
            : (low >= 0x430 && low <= 0x44F) || low == 0x451 ? 0.5
            : low == 0x454 || low == 0x456 || low == 0x457 || low == 0x45E
                ? 0.1  /* є і ї ў: Ukrainian and Belarusian */
                : -1;  /* Serbian, Macedonian */
    } else {
        if (cyr)
            return -4;
        s = sgft__set_has(sgft__lang_tables[lg][0], low) ? 1.5
            : sgft__set_has(sgft__lang_tables[lg][1], low) ? 0.8
                                           : 0.1;
    }
    /* Where the accented letters of Western languages stand: ì, ò and ù
     * end Italian words, ñ comes before a vowel, õ before e or s, and è,
     * ø, æ and å seldom stand before a vowel: their Central European
     * twins (ě, ň, ů, ń, ő, č, ř, ć, ĺ) do. */
    if (lg == L_WEST) {
        uint32_t nx = to_lower(next);
        bool vnext = is_latin(next) && is_vowel(next) && nx != 'y';
        switch (low) {
        case 0xEC: case 0xF2: case 0xF9: /* ì ò ù */
            if (sgft__is_letter(next))
                s -= 1.5;
            /* fall through */
        case 0xE8: case 0xF8: case 0xE6: case 0xE5: /* è ø æ å */
            if (vnext || (low == 0xE6 && is_latin(prev) && is_vowel(prev)))
                s -= 2.5;
            break;
        case 0xF1: /* ñ */
            if (!vnext)
                s -= 2.5;
            break;
        case 0x153: /* œ */
            if (!vnext && nx != 'd' && nx != 's')
                s -= 2.5;
            break;
        case 0xF5: /* õ */
            if (nx != 'e' && nx != 's')
                s -= 2;
            break;
        }
    }
    /* Mixed scripts and mixed case inside a word. */
    if (prev && sgft__is_letter(prev) && sgft__is_cyrillic(prev) != cyr)
        s -= 3;
    if (next && sgft__is_letter(next) && sgft__is_cyrillic(next) != cyr)
        s -= 3;
    if (is_upper(c) && sgft__is_letter(prev) && !is_upper(prev))
        s -= 3;
    if (!is_upper(c) && is_upper(prev) && sgft__is_letter(next) && is_upper(next))
        s -= 1.5;
    return s;
}

/* Consonant and vowel runs that a non-ASCII letter makes: a Latin word
 * with five consonants in a row, or four vowels, is a wrong reading. */
double sgft__clusters(const uint32_t *w, size_t n) {
    double pen = 0;
    size_t run = 0;
    bool vowel = false, wide = false;
    for (size_t i = 0; i <= n; i++) {
        bool end = i == n || !is_latin(w[i]);
        bool v = !end && is_vowel(w[i]);
        if (end || v != vowel || run == 0) {
            if (wide && run >= (vowel ? 3 : 4))
                pen -= 2.0 * (double)(run - (vowel ? 2 : 3));
            run = 0;
            wide = false;
        }
        if (end)
            continue;
        vowel = v;
        run++;
        wide |= w[i] >= 0x80;
    }
    return pen;
}

/* The shape of a word: Latin words hold a few accented letters among
 * plain ones (three in a row are rare even in Polish or Czech, a word
 * of accented letters only rarer still), and a word of any script is in
 * lower case, capitalized or in capitals, not in a mix.  Double-byte
 * text read one byte at a time gives words of accented letters and
 * capitals in the middle of words. */
double sgft__shape(const uint32_t *w, size_t n, bool latin) {
    double pen = 0;
    size_t run = 0, letters = 0, wide = 0, upper = 0, changes = 0, vowels = 0;
    for (size_t i = 0; i <= n; i++) {
        bool l = i < n && sgft__is_letter(w[i]);
        if (l && w[i] >= 0x80) {
            run++;
        } else {
            if (latin && run >= 3)
                pen -= 2.0 * (double)(run - 2);
            run = 0;
        }
        if (!l)
            continue;
        letters++;
        wide += w[i] >= 0x80;
        upper += is_upper(w[i]);
        vowels += is_vowel(w[i]);
        if (i > 1 && sgft__is_letter(w[i - 1]) && is_upper(w[i]) != is_upper(w[i - 1]))
            changes++;
    }
    if (latin && letters >= 3 && wide == letters)
        pen -= 2;
    if (letters >= 3 && !vowels)
        pen -= 3; /* no vowel: not a word */
    if (!latin && letters >= 4 && upper == letters)
        pen -= 1.5; /* names are capitalized, not in capitals */
    /* Capitalized: one change after the first letter; more is a mix */
    if (changes > 0 && upper != letters && !(changes == 1 && is_upper(w[0]) && upper == 1))
        pen -= 2;
    return pen;
}

/* The digraphs of Polish and Hungarian spelling (cz, rz, sz, cs, zs, gy)
 * in a word with an accented letter speak for a Central European reading. */
double sgft__digraphs(const uint32_t *w, size_t n) {
    static const char *const pairs[] = {"cz", "rz", "sz", "cs", "zs", "gy"};
    for (size_t i = 0; i + 1 < n; i++)
        for (size_t j = 0; j < sizeof pairs / sizeof pairs[0]; j++)
            if (to_lower(w[i]) == (uint32_t)pairs[j][0] &&
                to_lower(w[i + 1]) == (uint32_t)pairs[j][1])
                return 2.0;
    return 0;
}

