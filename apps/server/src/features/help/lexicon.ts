/**
 * The words the help centre's reader knows (text.ts): phrases that mean one thing, filler words of both
 * languages, and common Nepali words (romanized and Devanagari) with the English words they mean.
 * General vocabulary of the product and of asking for help — never an entry to make one question pass.
 * A spelling ending in `*` is a stem: it also covers longer words (badal* = badalne, badalnu, badleko).
 */

/** [pattern, one word]: matched whole-word, case-insensitive, longest first where they overlap. */
export const PHRASES: readonly (readonly [string, string])[] = [
  // "like" that is not the button: "looks like", "would like", "feel like".
  ['looks?\\s+like|appears?\\s+like', 'look'],
  ["would\\s+like|i'd\\s+like|id\\s+like|feel\\s+like|something\\s+like", 'want'],
  [
    'log\\s*out|logout|sign\\s*out|signout|log\\s*off|logoff|logging\\s*out|signing\\s*out|लग\\s*आउट|साइन\\s*आउट',
    'signout',
  ],
  [
    'log\\s*in|login|sign\\s*in|signin|logging\\s*in|signing\\s*in|signed\\s*in|logged\\s*in|लग\\s*इन|साइन\\s*इन',
    'signin',
  ],
  [
    'sign\\s*up|signup|signing\\s*up|signed\\s*up|खाता\\s*(?:खोल्ने|खोल्न|बनाउने|बनाउन)|khata\\s*(?:kholne|kholna|banaune|banauna)|create\\s+(?:an\\s+)?account|open\\s+(?:an\\s+)?account|(?:make|making|made)\\s+an?\\s+(?:new\\s+)?account|साइन\\s*अप',
    'signup',
  ],
  ['profile\\s*(?:picture|pic|photo|image)s?|display\\s*picture|dp|pfp|avatar|प्रोफाइल\\s*(?:फोटो|तस्बिर)', 'avatar'],
  ['short\\s*videos?|reels?|shorts|clips?|क्लिप|रिल्स?', 'clip'],
  ['un\\s*friend|unfollow|un-follow|remove\\s+(?:a\\s+)?friend|अनफलो', 'unfollow'],
  [
    'two[-\\s]*factor|2\\s*fa|2\\s*-?\\s*step|two[-\\s]*step|authenticator(?:\\s*app)?|totp|टु\\s*फ्याक्टर|दुई\\s*चरण',
    'twofactor',
  ],
  ['direct\\s*messages?|dms?|pms?|inbox|text\\s+(?:someone|him|her|them)', 'message'],
  ['group\\s*chats?|gc', 'group'],
  // An audience of followers or friends only ("followers only post", "sathi lai matra", "साथीहरूले मात्र").
  [
    'followers?[\\s-]+only|only\\s+(?:for\\s+)?(?:my\\s+)?followers|फलोअर(?:हरू)?(?:लाई|ले)?\\s*मात्रै?|followers?\\s*(?:haru)?\\s*(?:lai|le)?\\s*matrai?',
    'followersonly',
  ],
  [
    'friends?[\\s-]+only|only\\s+(?:for\\s+)?(?:my\\s+)?friends|साथी(?:हरू)?(?:लाई|ले)?\\s*मात्रै?|sathi\\s*(?:haru)?\\s*(?:lai|le)?\\s*matrai?',
    'friendsonly',
  ],
  ['pics?|images?|photos?|pictures?|फोटो|तस्बिर', 'photo'],
  ['vids?|videos?|भिडियो', 'video'],
  ['pw|pwd|pass\\s*word|passwd|पासवर्ड', 'password'],
  ['notifs?|notifications?|alerts?|सूचना(?:हरू)?|नोटिफिकेसन', 'notification'],
  ['user\\s*name|user\\s*id|handle|प्रयोगकर्ता\\s*नाम|युजरनेम|युजर\\s*नेम', 'username'],
  ['e-?mail|इमेल', 'email'],
  ['wi-?fi|internet|network|नेटवर्क|इन्टरनेट', 'connection'],
  ['mic|microphone|माइक', 'microphone'],
  ['cam|webcam|क्यामेरा', 'camera'],
  ['feed|timeline|news\\s*feed|फिड', 'feed'],
  ['nepali|नेपाली', 'nepali'],
  ['english|अंग्रेजी', 'english'],
  ['ai|chat\\s*bot|chatbot|bot\\s+assistant|एआई', 'assistant'],
  ['bikram\\s*sambat|b\\.?\\s*s\\.?|बिक्रम\\s*सम्बत|विक्रम\\s*सम्वत', 'calendar'],
];

export const ENGLISH_STOP_WORDS: readonly string[] =
  `a about above after again all also am an and any are as at be because
  been being but by can could did do does doing done for from get got had has have having he her here hers him
  his how i if in into is it its just let me more most my no nor not of off on once only or other our ours out
  over own please same she should so some such tell than that the their theirs them then there these they
  this those through to too under until up us very was we were what when where which while who whom why will
  with would you your yours yourself know want need thing things way ways really much many i'm it's
  there's what's whats hi hey u ur r pls plz anyone someone somebody something able possible some1 sum1 sm1 ppl
  wanna gonna gotta guys cant can't cannot dont don't doesnt doesn't didnt didn't isnt isn't wont won't aint
  other another side person`.split(/\s+/);

/**
 * Other services members also use. A question that names one of them, when the article found does not,
 * is about that service ("delete my facebook account"), not about Sajha.
 */
export const OTHER_SERVICES: readonly string[] = `facebook fb instagram insta ig tiktok whatsapp viber messenger twitter
  youtube snapchat telegram gmail imo signal linkedin फेसबुक इन्स्टाग्राम टिकटक ह्वाट्सएप भाइबर मेसेन्जर युट्युब`.split(/\s+/);

/** Nepali filler and grammar words (romanized and Devanagari): dropped, and they mark a question as Nepali. */
export const NEPALI_FUNCTION_WORDS: readonly string[] =
  `kasari kasri kasaree kaisari kaso kasto kun kuna ke k kehi kina kaha kahan
  kati kahile ko ka ki ma maa mero mera meri malai maile mailey hami hamro timi timro tapai tapaiko tapaile
  tapaai hajur lai laai le ley bata baata sanga sita ra ani pani ni ta nai cha chha chhan chan chaina chhaina
  ho hoina hunchha huncha hunxa hunuhuncha hola holaa garne garna garnu garnus garnuhos gare garchu garchha garcha
  gareko garda garera sakchu sakincha sakinchha sakinxa sakinna sakdina milcha milchha mildaina paincha
  paudaina parcha parchha parne parchha chahincha chahiyo thiyo vayo bhayo vako bhayeko vaneko bhaneko yo
  tyo yaha tyaha yasto tyasto aba feri kripaya plz hai ki ta re aaucha aucha aauchha aayo ayo bhanera vanera bhancha samma
  bhanne vanne kasle kasko kaslai sakcha sakchha sakchan sakchhan
  कसरी कुन के केही किन कहाँ कति कहिले को का की मा मेरो मेरा मेरी मलाई मैले हामी हाम्रो तपाईं तपाईँ तपाई
  तपाईंको तपाईंले हजुर लाई ले बाट सँग सँगै र अनि पनि नि त नै छ छन् छैन हो होइन हुन्छ हुनुहुन्छ होला गर्ने गर्न
  गर्नु गर्नुहोस् गरें गर्छु गर्छ गरेको गर्दा गरेर सक्छु सकिन्छ सकिँदैन सक्दिन मिल्छ मिल्दैन पाइन्छ पाइँदैन पर्छ
  पर्ने सम्म चाहिन्छ चाहियो थियो भयो भएको भनेको यो त्यो यहाँ त्यहाँ यस्तो त्यस्तो अब फेरि कृपया
  भन्ने कसले कसको कसलाई सक्छ सक्छन्`
    .split(/\s+/)
    .filter(Boolean);

/**
 * [Nepali spellings (romanized and Devanagari, comma-separated), English words they mean].
 * Sound keys fold spelling differences (text.ts), so one spelling per sound is enough.
 */
export const LEXICON: readonly (readonly [string, string])[] = [
  ['badal*, ferne, pherne, fernu, phernu, ferna, badli*, बदल*, फेर्ने, फेर्नु, परिवर्तन, parivartan', 'change'],
  ['khata, khaata, खाता', 'account'],
  ['mettaune, metaune, metaunu, metau*, hataune, hataunu, hatau*, मेटाउ*, हटाउ*, डिलिट, delete', 'delete remove'],
  ['naam, nam, नाम', 'name'],
  ['thegana, ठेगाना', 'address location'],
  ['sathi, saathi, साथी, साथीहरू', 'friend'],
  ['sandesh, सन्देश, mesej, म्यासेज', 'message'],
  ['kura, कुरा', 'chat message'],
  ['samuha, samuh, समूह, ग्रुप', 'group'],
  ['phone, fon, फोन', 'phone call'],
  ['kal, call, कल', 'call'],
  ['awaj, aawaj, awaz, आवाज', 'hear audio microphone'],
  ['sun*, सुन*', 'hear'],
  ['dekh*, देख*', 'see visible'],
  ['herna, hernu, हेर्न, हेर्नु', 'see view'],
  ['surakshya, suraksha, surakchya, सुरक्षा', 'security safety'],
  ['gopaniyata, gopniyata, गोपनीयता', 'privacy'],
  ['niji, निजी', 'private privacy'],
  ['birse*, birsi*, बिर्से*, बिर्सि*', 'forgot forgotten'],
  ['pasword, paswad, पासवड', 'password'],
  ['kod, code, कोड', 'code'],
  ['pathaunu, pathaune, pathau*, पठाउ*', 'send'],
  ['aayena, ayena, aaudaina, audaina, आएन, आउँदैन', 'not received'],
  ['khulena, khuldaina, खुलेन, खुल्दैन', 'not open loading'],
  ['chalena, chaldaina, चलेन, चल्दैन', 'not working'],
  ['milena, मिलेन', 'not working'],
  ['rokn*, रोक्न*', 'block stop'],
  ['blak, blok, ब्लक', 'block'],
  ['anblak, unblak, अनब्लक', 'unblock'],
  ['ujuri, उजुरी, ripot, रिपोर्ट', 'report'],
  ['gunaso, गुनासो', 'report complaint'],
  ['dukha, dukh, दुःख, harassment, hairan, हैरान', 'harass report'],
  ['lek*, लेख*', 'write post'],
  ['post, पोस्ट', 'post'],
  ['tippani, tipani, टिप्पणी, kament, कमेन्ट', 'comment'],
  ['laik, like, लाइक', 'like'],
  ['sher, share, सेयर', 'share'],
  ['lingk, link, लिङ्क, लिंक', 'link'],
  ['tasbir, tasvir, तस्बिर, तस्वीर', 'photo'],
  ['phailo, follow, फलो', 'follow'],
  ['anfalo, अनफलो', 'unfollow'],
  ['anusaran, अनुसरण', 'follow'],
  ['suchana, सूचना', 'notification'],
  ['setting, seting, सेटिङ, सेटिङ्स', 'setting'],
  ['milau*, मिलाउ*', 'set setting'],
  ['bhasha, bhasa, भाषा', 'language'],
  ['patro, पात्रो', 'calendar'],
  ['ank, अङ्क, अंक', 'digits number'],
  ['miti, मिति', 'date'],
  ['samaya, samay, समय', 'time'],
  ['din, दिन', 'day'],
  ['rati, raati, राति, रातमा', 'night'],
  ['aaja, aja, आज', 'today'],
  ['ghanta, घण्टा', 'hour'],
  ['sekend, second, सेकेन्ड', 'second'],
  ['minet, minat, मिनेट', 'minute'],
  ['lamo, लामो', 'long length'],
  ['thulo, ठूलो', 'big size'],
  ['sano, सानो', 'small'],
  ['dherai, धेरै', 'many'],
  ['badhi, badi, बढी, badhima, बढीमा', 'maximum'],
  ['sima, seema, सीमा', 'limit'],
  ['apalod, upload, अपलोड, halna, halne, हाल्न*', 'upload'],
  ['dawnlod, download, डाउनलोड', 'download'],
  ['pratilipi, प्रतिलिपि, kapi, copy, कपी', 'copy'],
  ['data, डाटा, विवरण, biwaran, bibaran', 'data details'],
  ['mobail, mobile, मोबाइल', 'phone mobile'],
  ['nambar, number, नम्बर', 'number'],
  ['jnm, janmadin, जन्मदिन', 'birthday'],
  ['parichay, परिचय, bio', 'bio'],
  ['pratiyogita, प्रतियोगिता, contest, कन्टेस्ट', 'contest'],
  ['puraskar, पुरस्कार, inam, इनाम', 'prize'],
  ['kala, कला, chitra, चित्र', 'art'],
  ['sujhav, sujhaw, सुझाव', 'suggestion feature'],
  ['bhot, vot, vote, भोट, मत', 'vote'],
  ['sahayak, सहायक', 'assistant'],
  ['sahayata, sahayog, madat, सहायता, सहयोग, मद्दत', 'help'],
  ['niyam, नियम', 'terms rule'],
  ['sarta, shart, सर्त', 'terms'],
  ['umer, उमेर', 'age'],
  ['barsa, barsha, बर्ष, वर्ष', 'year old'],
  ['darta, दर्ता', 'signup register'],
  ['pravesh, prabesh, प्रवेश', 'signin'],
  ['nimantrana, निमन्त्रणा', 'invite'],
  ['aamantran, आमन्त्रण', 'invite'],
  ['pramanit, प्रमाणित, verify', 'verify'],
  ['sakriya, सक्रिय', 'active'],
  ['bandh, banda, बन्द', 'off close'],
  ['khol*, खोल*', 'create open'],
  ['lukaun*, लुकाउ*', 'hide'],
  ['mute, myut, म्युट', 'mute'],
  ['praibhet, प्राइभेट', 'private'],
  ['sarbajanik, sarvajanik, सार्वजनिक, pablik, पब्लिक', 'public'],
  ['anurodh, anurod, अनुरोध, rikwest, रिक्वेस्ट', 'request'],
  ['swikar*, sweekar*, swikrit*, स्वीकार*, स्वीकृत*', 'approve accept'],
  ['aswikar*, अस्वीकार*', 'decline reject'],
  ['jawaf, jawab, जवाफ', 'reply'],
  ['darshak, दर्शक', 'audience'],
  ['aparichit, अपरिचित, anjan, anjaan, अनजान, nachineko, nachinne, नचिनेको, नचिनेका', 'stranger'],
  ['dhamilo, धमिलो, blar, ब्लर', 'blur'],
  ['chino, chinha, चिनो, चिन्ह', 'mark'],
  ['sadhai, sadhain, सधैं, सधैँ', 'always'],
  ['shabda, sabda, शब्द', 'word'],
  ['samvedanshil, sambedansil, संवेदनशील', 'sensitive'],
  ['nilamb*, निलम्ब*', 'suspend'],
  ['chetawani, chetavani, चेतावनी', 'warn warning'],
  ['punarabedan, appeal, पुनरावेदन', 'appeal'],
  ['sessan, session, सत्र, सेसन', 'session'],
  ['yantra, dibais, device, डिभाइस, उपकरण', 'device'],
  ['brauzar, browser, ब्राउजर', 'browser'],
  ['pryog, prayog, प्रयोग', 'use'],
  ['sajha, साझा', 'sajha'],
  ['app, एप', 'app'],
  ['install, इन्स्टल', 'install'],
  ['dhwani, ध्वनि, bhoice, voice, भ्वाइस', 'voice'],
  ['rekord, record, रेकर्ड', 'record'],
  ['pratikriya, प्रतिक्रिया, riyaksan, reaction', 'reaction react'],
  ['padhyo, padhe*, पढ्यो, पढे*, seen, सिन', 'read seen'],
  ['typing, टाइपिङ', 'typing'],
  ['aphno, aafno, afno, आफ्नो', 'own'],
  ['arko, arulai, aru, अरू, अर्को', 'other'],
  ['manche, manchhe, मान्छे, byakti, व्यक्ति', 'person people member'],
  ['kasaile, kasailai, कसैले, कसैलाई, kohi, कोही', 'someone'],
  ['naya, nayaa, नयाँ', 'new'],
  ['purano, पुरानो', 'old'],
  ['suru, shuru, सुरु', 'start'],
  ['chhodn*, chodn*, छोड्न*, छोड्ने, छोड्नु', 'leave'],
  ['jodn*, जोड्न*, जोड्ने', 'add'],
  ['samasya, समस्या', 'problem'],
  ['truti, त्रुटि', 'error'],
  ['bisesta, suvidha, सुविधा', 'feature'],
  ['mulya, shulka, sulka, शुल्क, पैसा, paisa', 'fee free cost'],
  ['nishulka, nisulka, निःशुल्क, फ्री', 'free'],
  ['फेसबुक', 'facebook'],
  ['इन्स्टाग्राम', 'instagram'],
  ['टिकटक', 'tiktok'],
  ['ह्वाट्सएप, ह्वाट्सएप्प, व्हाट्सएप', 'whatsapp'],
  ['भाइबर', 'viber'],
  ['मेसेन्जर', 'messenger'],
  ['युट्युब, यूट्यूब', 'youtube'],
  ['लिङ्क्डइन', 'linkedin'],
];
