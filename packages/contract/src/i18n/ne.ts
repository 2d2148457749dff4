/**
 * The contract's texts in Nepali: every English catalogue's keys (the `Catalogue` type checks them),
 * written as Nepali members write (apps/web/src/i18n/GLOSSARY.md): तपाईं with the polite -नुहोस्,
 * sentences ending in ।, everyday loan words (पोस्ट, लाइक, च्याट). Functions keep the English ones'
 * parameters; numbers from the limits stay interpolated.
 */
import { AI_LIMITS } from '../ai.js';
import { HELP_LIMITS } from '../help.js';
import { SEARCH_LIMITS } from '../search.js';
import { CALL_LIMITS } from '../calls.js';
import { LIMITS } from '../constants.js';
import { FEATURE_LIMITS } from '../features.js';
import { REEL_LIMITS } from '../reels.js';
import { SIGNUP_LIMITS } from '../signup.js';
import type { Catalogue } from './catalogue.js';

const APP = 'साझा';

/** 192 -> "3 मिनेट 12 सेकेन्ड"; 40 -> "40 सेकेन्ड"; 3600 -> "1 घण्टा 0 मिनेट" (formatCallDuration in Nepali). */
function callDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} घण्टा ${m} मिनेट`;
  if (m > 0) return `${m} मिनेट ${sec} सेकेन्ड`;
  return `${sec} सेकेन्ड`;
}

const ROLES: Record<string, string> = { member: 'सदस्य', moderator: 'मोडरेटर', admin: 'एडमिन' };

export const ne: Catalogue = {
  Messages: {
    signup: {
      termsRequired: 'तपाईंले नियम तथा सर्तहरू स्वीकार गर्नुपर्छ।',
      invalidEmail: 'कृपया सही इमेल ठेगाना लेख्नुहोस्।',
      passwordTooShort: `पासवर्ड कम्तीमा ${LIMITS.passwordMin} अक्षरको हुनुपर्छ।`,
      passwordsDoNotMatch: 'पासवर्डहरू मिलेनन्।',
      nameRequired: 'नाम लेख्नुहोस्।',
      usernameRequired: 'प्रयोगकर्ता नाम लेख्नुहोस्।',
      usernameDigitsOnly: 'प्रयोगकर्ता नाममा अङ्क मात्र हुन सक्दैन।',
      failed: 'साइन अप गर्दा त्रुटि भयो।',
      passwordTooLong: `पासवर्ड बढीमा ${LIMITS.passwordMax} अक्षरको हुन सक्छ।`,
      usernameTooLong: `प्रयोगकर्ता नाम बढीमा ${LIMITS.usernameMax} अक्षरको हुन सक्छ।`,
      usernameChars: 'प्रयोगकर्ता नाममा अक्षर, अङ्क, थोप्ला (.) र अन्डरस्कोर (_) मात्र हुन सक्छन्।',
      nameTooLong: `नाम बढीमा ${LIMITS.nameMax} अक्षरको हुन सक्छ।`,
    },
    verify: {
      failed: 'प्रमाणीकरण असफल भयो।',
      error: 'प्रमाणीकरण गर्दा त्रुटि भयो।',
      resendFailed: 'प्रमाणीकरण इमेल फेरि पठाउन सकिएन।',
      resendError: 'प्रमाणीकरण इमेल फेरि पठाउँदा त्रुटि भयो।',
      codeFormat: `इमेलमा आएको ${LIMITS.otpLength} अङ्कको कोड लेख्नुहोस्।`,
    },
    signin: {
      error: 'साइन इन गर्दा त्रुटि भयो।',
      googleFailed: 'साइन इन असफल भयो',
    },
    reset: {
      requestError: 'पासवर्ड रिसेटको अनुरोध गर्दा त्रुटि भयो।',
      resetError: 'पासवर्ड रिसेट गर्दा त्रुटि भयो।',
      successful: 'रिसेट सफल भयो',
    },
    logout: {
      title: 'लग आउट पक्का गर्नुहोस्',
      text: 'तपाईं पक्का लग आउट गर्न चाहनुहुन्छ?',
      cancel: 'रद्द गर्नुहोस्',
      confirm: 'लग आउट',
    },
    post: {
      contentEmpty: 'पोस्ट खाली हुन सक्दैन',
      createFailed: 'पोस्ट गर्न सकिएन',
      createError: 'पोस्ट गर्दा त्रुटि भयो',
      notFound: 'पोस्ट भेटिएन।',
      signInForComments: 'टिप्पणी हेर्न र लेख्न साइन इन गर्नुहोस्',
      noMorePosts: 'थप पोस्ट छैनन्',
      showMore: 'थप देखाउनुहोस्...',
      showLess: 'कम देखाउनुहोस्',
      linkCopied: 'लिङ्क कपी भयो!',
      created: 'पोस्ट गरियो',
      edited: 'पोस्ट अपडेट भयो',
      deleted: 'पोस्ट मेटाइयो',
      ownerOnly: 'यो पोस्ट लेख्ने व्यक्तिले मात्र परिवर्तन गर्न सक्नुहुन्छ।',
      gone: 'यो पोस्ट अब छैन।',
      commentGone: 'यो टिप्पणी अब छैन।',
      contentTooLong: `पोस्टमा बढीमा ${LIMITS.postContentMax} अक्षर हुन सक्छन्।`,
    },
    chat: {
      empty: 'कुनै कुराकानी छैन।',
      startNew: 'नयाँ कुराकानी सुरु गर्नुहोस्!',
      startNewButton: 'नयाँ कुराकानी सुरु गर्नुहोस्',
      tooManyFiles: `बढीमा ${LIMITS.chatAttachmentsMax} वटा फाइल मात्र पठाउन सकिन्छ`,
      fileTypeNotAllowed: (type: string) => `यो प्रकारको फाइल पठाउन मिल्दैन: ${type}`,
      fileTooLarge: (sizeMb: string) =>
        `फाइल धेरै ठूलो भयो (${sizeMb}MB), बढीमा ${LIMITS.chatAttachmentBytesMax / (1024 * 1024)}MB मात्र`,
      noFiles: 'पठाउनुपर्ने फाइल छैन',
      noValidFiles: 'पठाउन मिल्ने फाइल छैन',
      processingError: 'फाइल तयार गर्दा त्रुटि भयो',
      typing: (name: string) => `${name} टाइप गर्दै हुनुहुन्छ...`,
      pinned: 'पिन गरिएको 📌',
      recordingError: 'रेकर्ड गर्दा त्रुटि भयो। फेरि प्रयास गर्नुहोस्।',
      microphoneError: 'माइक्रोफोन खोल्न सकिएन। आफ्नो डिभाइसको सेटिङ जाँच गर्नुहोस्।',
      recordingSaveError: 'रेकर्डिङ सेभ गर्दा त्रुटि भयो। फेरि प्रयास गर्नुहोस्।',
      recordingPauseError: 'रेकर्डिङ रोक्दा त्रुटि भयो। फेरि प्रयास गर्नुहोस्।',
      recordingResumeError: 'रेकर्डिङ फेरि सुरु गर्दा त्रुटि भयो। फेरि प्रयास गर्नुहोस्।',
      videoUnsupported: 'तपाईंको ब्राउजरमा यो भिडियो चल्दैन।',
      notMember: 'यो कुराकानी उपलब्ध छैन।',
      notSender: 'पठाउने व्यक्तिले मात्र यो सन्देश मेटाउन सक्नुहुन्छ।',
      messageNotFound: 'यो सन्देश अब छैन।',
      replyNotFound: 'तपाईंले जवाफ दिएको सन्देश यो कुराकानीमा छैन।',
      cannotForward: 'यो सन्देश फरवार्ड गर्न मिल्दैन।',
      cannotEdit: 'यो सन्देश सम्पादन गर्न मिल्दैन।',
      editWindowClosed: 'सन्देश पठाएको २४ घण्टाभित्र मात्र सम्पादन गर्न मिल्छ।',
      userNotFound: 'त्यो सदस्य भेटिएन।',
      selfChat: 'तपाईं आफैंसँग कुराकानी सुरु गर्न सक्नुहुन्न।',
      groupNeedsMembers: `समूहका लागि कम्तीमा ${LIMITS.groupMinMembers} जना सदस्य छान्नुहोस्।`,
      groupNeedsName: 'समूहको नाम चाहिन्छ।',
      attachmentNotFound: 'एउटा फाइल भेटिएन। कृपया फेरि अपलोड गर्नुहोस्।',
      recipientRequired: 'कुराकानी वा सन्देश पाउने व्यक्ति छान्नुहोस्।',
      messageEmpty: 'सन्देशमा केही लेख्नुहोस् वा फाइल थप्नुहोस्।',
      notGroup: 'यसरी समूह मात्र परिवर्तन गर्न सकिन्छ।',
      creatorOnly: 'समूह बनाउने व्यक्तिले मात्र यो गर्न सक्नुहुन्छ।',
      alreadyMember: 'त्यो सदस्य पहिल्यै समूहमा हुनुहुन्छ।',
      groupFull: 'एउटा समूहमा बढीमा 101 जना सदस्य हुन सक्छन्।',
      notInGroup: 'त्यो सदस्य समूहमा हुनुहुन्न।',
      editGroup: 'समूह सम्पादन गर्नुहोस्',
      leaveGroup: 'समूह छोड्नुहोस्',
      leaveGroupConfirm: 'यो समूह छोड्ने? त्यसपछि यसका सन्देशहरू तपाईंलाई आउने छैनन्।',
      groupNameLabel: 'समूहको नाम',
      addMembers: 'सदस्य थप्नुहोस्',
      removeMember: 'हटाउनुहोस्',
      groupSaved: 'समूह अपडेट भयो।',
      memberLeft: (name: string) => `${name}ले समूह छोड्नुभयो`,
      memberRemoved: (name: string, by: string) => `${by}ले ${name}लाई हटाउनुभयो`,
      membersAdded: (names: string, by: string) => `${by}ले ${names}लाई थप्नुभयो`,
      groupRenamed: (name: string, by: string) => `${by}ले समूहको नाम "${name}" राख्नुभयो`,
      groupPictureChanged: (by: string) => `${by}ले समूहको तस्बिर बदल्नुभयो`,
    },
    feature: { submitted: 'सुविधा सुझाव पठाइयो!' },
    profileStatus: {
      hidden: 'तपाईंको प्रोफाइल स्थिति लुकाइयो।',
      hideFailed: 'प्रोफाइल स्थिति लुकाउन सकिएन।',
      low: 'तपाईंको प्रोफाइल भर्खर सुरु भएको छ। मानिसहरूले तपाईंलाई भेट्टाउन सकून् भनेर केही विवरण थप्नुहोस्।',
      medium: 'राम्रो प्रगति! अझ केही विवरण थपेपछि तपाईंको प्रोफाइल झन् राम्रो देखिन्छ।',
      high: 'लगभग पुग्नुभयो! प्रोफाइल पूरा गर्न अन्तिम चरण सक्नुहोस्।',
      complete: [
        'बधाई छ! तपाईंको प्रोफाइल पूरा भयो।',
        'स्याबास! तपाईंको प्रोफाइल तयार छ।',
        'धेरै राम्रो! तपाईंको प्रोफाइलका सबै विवरण भरिएका छन्।',
      ],
    },
    profile: {
      updated: 'तपाईंको प्रोफाइल अपडेट भयो।',
      updateFailed: 'अपडेट गर्न सकिएन',
      noPosts: 'देखाउने पोस्ट छैनन्',
      loadMore: 'थप पोस्ट हेर्नुहोस्',
    },
    settings: {
      prefsUpdated: 'तपाईंको सूचना सेटिङ अपडेट भयो।',
      prefsError: 'सेटिङ अपडेट गर्दा त्रुटि भयो।',
      newPasswordRule: `पासवर्ड कम्तीमा ${LIMITS.settingsPasswordMin} अक्षरको हुनुपर्छ, र त्यसमा कम्तीमा एउटा ठूलो अक्षर (A-Z), एउटा सानो अक्षर (a-z) र एउटा अङ्क हुनुपर्छ`,
      newPasswordMismatch: 'पासवर्डहरू मिलेनन्',
      languageRequired: 'भाषा, पात्रो वा अङ्क छान्नुहोस्।',
    },
    friends: {
      followed: 'फलो गरियो।',
      unfollowed: 'अनफलो गरियो।',
      added: 'साथी थपियो।',
      removed: 'साथी हटाइयो।',
    },
    ai: {
      welcomeTitle: 'एआई च्याटमा स्वागत छ',
      welcomeText: 'जे पनि सोध्नुहोस्, म सक्दो सहयोग गर्छु।',
      error: 'माफ गर्नुहोस्, तपाईंको अनुरोध पूरा गर्दा त्रुटि भयो।',
      empty: 'यसको के जवाफ दिने, मलाई थाहा भएन।',
      thinking: 'सोच्दै...',
    },
    call: {
      calling: 'कल गर्दै...',
      ended: 'कल सकियो',
      disconnected: 'तपाईंको कल काटियो।',
      incoming: 'कल आउँदैछ',
    },
    notFound: 'पेज भेटिएन',
    server: {
      invalidPayload: 'अनुरोध अमान्य छ।',
      unauthorized: 'पहिले साइन इन गर्नुहोस्।',
      forbidden: 'तपाईंलाई यो गर्ने अनुमति छैन।',
      rateLimited: 'धेरै पटक प्रयास भयो। केही बेर पर्खेर फेरि प्रयास गर्नुहोस्।',
      internal: 'केही गडबड भयो। फेरि प्रयास गर्नुहोस्।',
      badOrigin: 'अनुरोध अस्वीकार गरियो: यो यस साइटबाट आएको होइन।',
      itemUnavailable: 'यो उपलब्ध छैन।',
    },
  },

  AiText: {
    newChat: 'नयाँ च्याट',
    poweredBy: 'सञ्चालित:',
    inputLabel: 'एआई सहायकलाई सोध्नुहोस्',
    inputPlaceholder: 'आफ्नो सन्देश लेख्नुहोस्…',
    send: 'पठाउनुहोस्',
    copy: 'कोड कपी गर्नुहोस्',
    copied: 'कपी भयो',
    examples: 'उदाहरण प्रश्नहरू',
    messageTooLong: `तपाईंको सन्देश धेरै लामो भयो (बढीमा ${AI_LIMITS.messageChars} अक्षर)।`,
    lastMustBeUser: 'अन्तिम सन्देश तपाईंको प्रश्न हुनुपर्छ।',
  },

  SearchText: {
    queryRequired: 'खोज्न केही लेख्नुहोस्।',
    queryTooLong: `खोज बढीमा ${SEARCH_LIMITS.queryMax} अक्षरको हुन सक्छ।`,
    queryInvalid: 'खोजमा नियन्त्रण अक्षर राख्न मिल्दैन।',
    badType: 'के खोज्ने छान्नुहोस्: शीर्ष, मान्छे, पोस्ट, क्लिप, ट्याग वा सन्देश।',
    badPage: 'नतिजाको त्यो पाना छैन।',
    badTag: 'यो ह्यासट्याग होइन: अक्षर, अङ्क र अन्डरस्कोर मात्र प्रयोग गर्नुहोस्।',
    chatNotFound: 'यो च्याट छैन वा तपाईं यसमा हुनुहुन्न।',
    tagFollowed: 'तपाईंले यो ट्याग फलो गर्नुभयो: यसका पोस्टहरू एक्सप्लोरमा देखिन्छन्।',
    tagUnfollowed: 'तपाईंले अब यो ट्याग फलो गर्नुहुन्न।',
    recentCleared: 'तपाईंका हालका खोजहरू मेटिए।',
  },

  PrivacyText: {
    audiencePublic: 'सबैजना',
    audienceFollowers: 'फलोअरहरू',
    audienceFriends: 'साथीहरू',
    audienceOnlyMe: 'म मात्र',
    repliesEveryone: 'सबैले जवाफ दिन सक्छन्',
    repliesFollowing: 'मैले फलो गर्नेहरूले मात्र जवाफ दिन सक्छन्',
    repliesNobody: 'कसैले जवाफ दिन सक्दैन',
    contactEveryone: 'सबैजना',
    contactFollowing: 'मैले फलो गर्ने मान्छे',
    contactFriends: 'साथीहरू',
    contactNobody: 'कोही पनि होइन',
    saved: 'तपाईंको गोपनीयता सेटिङ सुरक्षित भयो।',
    requested: 'फलो अनुरोध पठाइयो।',
    requestWithdrawn: 'फलो अनुरोध फिर्ता लिइयो।',
    alreadyRequested: 'तपाईंले यो सदस्यलाई फलो गर्न पहिले नै अनुरोध गर्नुभएको छ।',
    approved: 'अनुरोध स्वीकार भयो: अब उहाँले तपाईंलाई फलो गर्नुहुन्छ।',
    declined: 'अनुरोध अस्वीकार गरियो।',
    noRequest: 'यो सदस्यबाट कुनै फलो अनुरोध छैन।',
    privateAccount: 'यो खाता निजी छ। यसका पोस्ट, क्लिप र फलोअर हेर्न फलो गर्नुहोस्।',
    postUnavailable: 'यो पोस्ट उपलब्ध छैन।',
    repliesClosed: 'लेखकले यो पोस्टमा जवाफ बन्द गर्नुभएको छ।',
    repliesFollowingOnly: 'लेखकले फलो गर्ने मान्छेले मात्र यो पोस्टमा जवाफ दिन सक्छन्।',
    cannotMessageFollowing: (name: string) => `${name} ले आफूले फलो गर्ने मान्छेबाट मात्र नयाँ सन्देश लिनुहुन्छ।`,
    cannotMessageFriends: (name: string) => `${name} ले साथीहरूबाट मात्र नयाँ सन्देश लिनुहुन्छ।`,
    cannotMessageNobody: (name: string) => `${name} ले नयाँ सन्देश लिनुहुन्न।`,
    cannotCallFollowing: (name: string) => `${name} ले आफूले फलो गर्ने मान्छेबाट मात्र कल लिनुहुन्छ।`,
    cannotCallFriends: (name: string) => `${name} ले साथीहरूबाट मात्र कल लिनुहुन्छ।`,
    cannotCallNobody: (name: string) => `${name} ले कल लिनुहुन्न।`,
    requestNotice: (username: string) => `@${username} ले तपाईंलाई फलो गर्न अनुरोध गर्नुभयो`,
    approvedNotice: (username: string) => `@${username} ले तपाईंको फलो अनुरोध स्वीकार गर्नुभयो`,
  },

  HelpText: {
    notFound: 'यो सहायता लेख छैन।',
    queryRequired: 'सहायता केन्द्रमा खोज्न प्रश्न वा केही शब्द लेख्नुहोस्।',
    queryTooLong: `खोज बढीमा ${HELP_LIMITS.queryMax} अक्षरको हुन सक्छ।`,
    readMore: 'थप पढ्नुहोस्:',
    seeAlso: 'यो पनि हेर्नुहोस्:',
    unknown:
      'माफ गर्नुहोस्, साझाको सहायता केन्द्रमा यसको जवाफ भेटिनँ, र म अनुमान गरेर भन्न चाहन्नँ। सबै विषय /help मा हेर्न सक्नुहुन्छ, वा अर्कै शब्दमा सोध्नुहोस्।',
    offTopic:
      'माफ गर्नुहोस्, म साझाका बारेमा मात्र सहयोग गर्न सक्छु: तपाईंको खाता, पोस्ट, क्लिप, साथी, सन्देश, कल, सूचना, सेटिङ, सुरक्षा र गोपनीयता। सबै विषय /help मा हेर्नुहोस्।',
    greeting:
      'नमस्ते! म साझाको सहायक हुँ। साझामा केही कसरी गर्ने भनेर अंग्रेजी वा नेपालीमा सोध्नुहोस् (जस्तै, "प्रयोगकर्ता नाम कसरी बदल्ने?")। सबै विषय /help मा पनि छन्।',
    thanks: 'धन्यवाद! साझाबारे अरू केही भए सोध्नुहोस्।',
  },

  CallTexts: {
    declined: 'कल अस्वीकार गरियो',
    noAnswer: 'कसैले उठाएन',
    busy: 'व्यस्त',
    blocked: 'तपाईं यो सदस्यलाई कल गर्न सक्नुहुन्न।',
    notFound: 'यो कल छैन।',
    notMember: 'तपाईं यो कलमा हुनुहुन्न।',
    ended: 'यो कल सकिसकेको छ।',
    dropped: 'जडान टुट्यो',
    selfCall: 'तपाईं आफैंलाई कल गर्न सक्नुहुन्न।',
    tooManyCalls: 'तपाईंले धेरै छिटो-छिटो कल गर्नुभयो। एक मिनेट पर्खेर फेरि प्रयास गर्नुहोस्।',
    sdpMidTooLong: `ICE candidate को media id बढीमा ${CALL_LIMITS.sdpMidMax} अक्षरको हुन सक्छ।`,
    sdpMLineIndexInvalid: `ICE candidate को media line index 0 देखि ${CALL_LIMITS.sdpMLineIndexMax} सम्मको पूर्णाङ्क हुनुपर्छ।`,
    candidateTooLong: `ICE candidate बढीमा ${CALL_LIMITS.candidateMax} अक्षरको हुन सक्छ।`,
    sdpTooLong: `session description बढीमा ${CALL_LIMITS.sdpMax} अक्षरको हुन सक्छ।`,
    reconnecting: 'फेरि जोडिँदै...',
    thanks: `${APP} कल प्रयोग गर्नुभएकोमा धन्यवाद।`,
    incomingFrom: (name: string) => `${name}को कल आउँदैछ`,
    missedFrom: (name: string) => `${name}को मिस्ड कल`,
    historyMissed: 'मिस्ड भिडियो कल',
    historyMissedMany: (count: number) => `${count} वटा मिस्ड भिडियो कल`,
    historyDeclined: 'अस्वीकार गरिएको भिडियो कल',
    historyDone: (seconds: number) => `भिडियो कल, ${callDuration(seconds)}`,
  },

  FeatureMessages: {
    submitted: 'सुविधा सुझाव पठाइयो!',
    featureRequired: 'सुविधाको नाम लेख्नुहोस्।',
    descriptionRequired: 'विवरण लेख्नुहोस्।',
    featureTooLong: `सुविधाको नाम बढीमा ${FEATURE_LIMITS.titleMax} अक्षरको हुन सक्छ।`,
    descriptionTooLong: `विवरण बढीमा ${FEATURE_LIMITS.descriptionMax} अक्षरको हुन सक्छ।`,
    duplicate: 'तपाईंले यो सुविधा पहिल्यै सुझाव दिइसक्नुभएको छ।',
    notFound: 'यो सुझाव अब छैन।',
    adminOnly: 'सुझावको स्थिति एडमिनले मात्र परिवर्तन गर्न सक्नुहुन्छ।',
    statusChanged: 'स्थिति अपडेट भयो।',
    empty: 'अहिलेसम्म कुनै सुझाव छैन। पहिलो सुविधा सुझाव तपाईं नै दिनुहोस्!',
    notifyImplemented: (feature: string) => `तपाईंको सुझाव "${feature}" लागू गरियो।`,
    notifyPending: (feature: string) => `तपाईंको सुझाव "${feature}" फेरि विचाराधीन छ।`,
  },

  UploadMessages: {
    quotaExceeded: (mb: number) =>
      `तपाईंका फाइलहरूले तपाईंको ${mb} MB भण्डारणभन्दा बढी ठाउँ लिन्छन्। फाइल भएका केही पोस्ट, सन्देश वा क्लिप मेटाएर फेरि प्रयास गर्नुहोस्।`,
    tooManyUploads: 'धेरै अपलोड भए। केही मिनेट पर्खेर फेरि प्रयास गर्नुहोस्।',
    attachmentInUse: 'यो फाइल अर्को सन्देशमा पठाइसकिएको छ। यहाँ पठाउन फेरि अपलोड गर्नुहोस्।',
  },

  ModerationMessages: {
    reportReceived: 'रिपोर्ट पाइयो। जानकारी दिनुभएकोमा धन्यवाद।',
    reportOwn: 'तपाईं आफ्नै पोस्ट, सन्देश वा प्रोफाइल रिपोर्ट गर्न सक्नुहुन्न।',
    removed: 'मोडरेटरले हटाएको',
    postRemoved: 'यो पोस्ट मोडरेटरले हटाएका छन्।',
    reelRemoved: 'यो क्लिप मोडरेटरले हटाएका छन्।',
    suspended: (until: string, reason: string) =>
      `तपाईंको खाता ${until} सम्म निलम्बन गरिएको छ${reason ? `: ${reason}` : '।'}`,
    banned: (reason: string) => `तपाईंको खातामा प्रतिबन्ध लगाइएको छ${reason ? `: ${reason}` : '।'}`,
    staffOnly: 'यो मोडरेटरले मात्र गर्न सक्नुहुन्छ।',
    adminOnly: 'यो एडमिनले मात्र गर्न सक्नुहुन्छ।',
    notStaffTarget: 'मोडरेटरले सदस्यमाथि कारबाही गर्छन्, अरू स्टाफमाथि होइन।',
    reasonNeeded: 'कारण लेख्नुहोस्: सदस्यलाई कारण बताइन्छ।',
    daysNeeded: 'निलम्बनका लागि दिनको सङ्ख्या चाहिन्छ (1 देखि 365)।',
    notFound: 'त्यो अब छैन।',
    appealReceived: 'तपाईंको पुनरावेदन पठाइयो। कारबाही नगर्ने अर्को मोडरेटरले यसको निर्णय गर्नुहुनेछ।',
    appealOnce: 'यो कारबाहीमाथि पहिल्यै पुनरावेदन गरिसकिएको छ।',
    appealNotYours: 'तपाईं आफूमाथि भएको कारबाहीमाथि मात्र पुनरावेदन गर्न सक्नुहुन्छ।',
    appealNotAppealable: 'यो कारबाहीमाथि पुनरावेदन गर्न मिल्दैन।',
    appealSameStaff: 'यो पुनरावेदनको निर्णय अर्कै मोडरेटरले गर्नुपर्छ।',
    appealDecided: 'यो पुनरावेदनको निर्णय भइसकेको छ।',
    muted: 'म्युट गरियो। अब उहाँका पोस्ट, क्लिप र टिप्पणी तपाईंलाई देखिने छैनन्।',
    unmuted: 'अनम्युट गरियो।',
    muteSelf: 'तपाईं आफैंलाई म्युट गर्न सक्नुहुन्न।',
    wordAdded: 'म्युट गरिएको शब्द थपियो।',
    wordRemoved: 'म्युट गरिएको शब्द हटाइयो।',
    mutedWordHidden: 'लुकाइएको: म्युट गरिएको शब्द छ',
    reportOutcome: (what: string, acted: boolean) =>
      acted
        ? `धन्यवाद: तपाईंले रिपोर्ट गर्नुभएको ${what} मोडरेटरले हेरेर कारबाही गरे।`
        : `धन्यवाद: तपाईंले रिपोर्ट गर्नुभएको ${what} मोडरेटरले हेरे, कुनै नियम उल्लङ्घन भेटिएन।`,
    actionNotice: (what: string, reason: string) =>
      `मोडरेटरले ${what}${reason ? `। कारण: ${reason}` : ''}। तपाईं यसमाथि एक पटक पुनरावेदन गर्न सक्नुहुन्छ।`,
    appealOutcome: (reversed: boolean) =>
      reversed
        ? 'तपाईंको पुनरावेदन स्वीकार भयो: मोडरेटरको कारबाही फिर्ता लिइयो।'
        : 'तपाईंको पुनरावेदन हेरियो: मोडरेटरको कारबाही कायमै रहन्छ।',
    actionDescriptions: {
      remove: 'तपाईंले पोस्ट गरेको कुरा हटाए',
      sensitive: 'तपाईंको मिडियालाई संवेदनशील भनी चिन्ह लगाए',
      warn: 'तपाईंलाई चेतावनी दिए',
      limit: 'तपाईंको खाता सीमित गरे: तपाईंका पोस्ट र टिप्पणी तपाईंका फलोअरले मात्र देख्नेछन्',
      suspend: (days: number) => `तपाईंको खाता ${days} दिनका लागि निलम्बन गरे`,
      ban: 'तपाईंको खातामा प्रतिबन्ध लगाए',
    },
    noteTooLong: 'नोट बढीमा 1000 अक्षरको हुन सक्छ।',
    reasonRequired: 'कारण छान्नुहोस्।',
    appealWhyRequired: 'कारबाही किन गलत थियो, लेख्नुहोस्।',
    appealTooLong: 'पुनरावेदन बढीमा 2000 अक्षरको हुन सक्छ।',
    mutedWordRequired: 'शब्द वा वाक्यांश लेख्नुहोस्।',
    mutedWordTooLong: 'म्युट गर्ने शब्द बढीमा 50 अक्षरको हुन सक्छ।',
  },

  PeopleMessages: {
    notFound: 'सदस्य भेटिएन।',
    alreadyFollowing: 'तपाईंले यो सदस्यलाई पहिल्यै फलो गर्नुभएको छ।',
    notFollowing: 'तपाईंले यो सदस्यलाई फलो गर्नुभएको छैन।',
    followSelf: 'तपाईं आफैंलाई फलो गर्न सक्नुहुन्न।',
    followBlocked: 'तपाईं यो सदस्यलाई फलो गर्न सक्नुहुन्न।',
    blocked: 'ब्लक गरियो।',
    unblocked: 'अनब्लक गरियो।',
    alreadyBlocked: 'तपाईंले यो सदस्यलाई पहिल्यै ब्लक गर्नुभएको छ।',
    notBlocked: 'यो सदस्य ब्लक गरिएको छैन।',
    blockSelf: 'तपाईं आफैंलाई ब्लक गर्न सक्नुहुन्न।',
    cannotMessage: 'तपाईं यो सदस्यलाई सन्देश पठाउन सक्नुहुन्न।',
    cannotComment: 'तपाईं यो पोस्टमा टिप्पणी गर्न सक्नुहुन्न।',
    blockConfirm: (username: string) =>
      `@${username}लाई ब्लक गर्ने? त्यसपछि उहाँले तपाईंलाई सन्देश पठाउन, फलो गर्न, खोज्न वा तपाईंको प्रोफाइल हेर्न सक्नुहुने छैन।`,
    followNotice: (username: string) => `@${username}ले तपाईंलाई फलो गर्न थाल्नुभयो`,
    mutual: (n: number) => (n === 1 ? `${n} साझा साथी` : `${n} साझा साथीहरू`),
    noFriends: 'अहिलेसम्म साथी छैनन्। तपाईंले फलो गरेका र तपाईंलाई पनि फलो गर्ने मानिसहरू साथी हुन्।',
    noFollowers: 'अहिलेसम्म कुनै फलोअर छैनन्।',
    noFollowing: 'अहिलेसम्म कसैलाई फलो गर्नुभएको छैन।',
    noSuggestions: 'अहिले कुनै सुझाव छैन। चिनेको कसैलाई खोजेर हेर्नुहोस्।',
    noResults: 'यो खोजसँग मिल्ने सदस्य भेटिएनन्।',
    searchPlaceholder: 'साथी खोज्नुहोस्...',
  },

  ReelMessages: {
    created: 'तपाईंको क्लिप अपलोड भयो, अहिले तयार हुँदैछ।',
    ready: 'तपाईंको क्लिप तयार भयो।',
    notVideo: 'यो फाइल भिडियो होइन। MP4, WebM, MOV, MKV वा OGG भिडियो अपलोड गर्नुहोस्।',
    corrupt: 'यो भिडियो पढ्न सकिएन। यो बिग्रिएको हुन सक्छ; फेरि एक्सपोर्ट गरेर हेर्नुहोस्।',
    tooLarge: `क्लिप बढीमा ${REEL_LIMITS.maxBytes / (1024 * 1024)} MB को हुन सक्छ।`,
    tooLong: `क्लिप बढीमा ${REEL_LIMITS.maxSeconds} सेकेन्ड लामो हुन सक्छ।`,
    noFile: 'अपलोड गर्न भिडियो छान्नुहोस्।',
    transcodeFailed: 'यो भिडियो तयार गर्न सकिएन। अर्को फाइल प्रयास गर्नुहोस्।',
    tooManyProcessing: `तपाईंका ${REEL_LIMITS.maxProcessing} वटा क्लिप तयार हुँदैछन्। तीमध्ये एउटा तयार भएपछि अर्को अपलोड गर्नुहोस्।`,
    notFound: 'यो क्लिप उपलब्ध छैन।',
    ownerOnly: 'क्लिप हाल्ने व्यक्तिले मात्र यसलाई मेटाउन सक्नुहुन्छ।',
    deleted: 'क्लिप मेटाइयो।',
    empty: 'अहिलेसम्म कुनै क्लिप छैन',
    emptyHint: 'छोटो ठाडो भिडियो सेयर गर्ने पहिलो व्यक्ति तपाईं बन्नुहोस्।',
    commentGone: 'यो टिप्पणी अब छैन।',
    titleRequired: 'शीर्षक लेख्नुहोस्।',
    titleTooLong: `शीर्षक बढीमा ${REEL_LIMITS.titleMax} अक्षरको हुन सक्छ।`,
    descriptionTooLong: `विवरण बढीमा ${REEL_LIMITS.descriptionMax} अक्षरको हुन सक्छ।`,
    categoryRequired: 'श्रेणी छान्नुहोस्।',
  },

  SettingsText: {
    dobHint: 'वर्ष/महिना/गते (YYYY/MM/DD)',
    dobInvalid: 'जन्म मिति YYYY/MM/DD ढाँचामा लेख्नुहोस्।',
    phoneInvalid: 'फोन नम्बरमा अङ्क, खाली ठाउँ, +, -, ( र ) मात्र हुन सक्छन्।',
    socialInvalid: 'ह्यान्डल (अक्षर, अङ्क, . _ -) वा http:// वा https:// बाट सुरु हुने लिङ्क दिनुहोस्।',
    socialDuplicate: 'यो प्लेटफर्म पहिल्यै थपिएको छ।',
    usernameTaken: 'यो प्रयोगकर्ता नाम अरू कसैले लिइसक्नुभएको छ।',
    usernameUnchanged: 'तपाईंको प्रोफाइल अपडेट भयो।',
    oldPasswordWrong: 'तपाईंको हालको पासवर्ड मिलेन।',
    passwordChangedNotice: 'तपाईंको पासवर्ड परिवर्तन भयो, र अरू सबै डिभाइसबाट लग आउट गरियो।',
    avatarNotImage: 'प्रोफाइल फोटो JPEG, PNG, WebP, GIF वा AVIF फाइल हुनुपर्छ।',
    avatarTooLarge: (mb: number) => `प्रोफाइल फोटो बढीमा ${mb} MB को हुन सक्छ।`,
    avatarUnknown: 'प्रोफाइल फोटो फेरि अपलोड गर्नुहोस्।',
    sessionNotFound: 'यो सत्र अब छैन।',
    sessionSignedOut: 'त्यो सत्रबाट लग आउट गरियो।',
    othersSignedOut: 'अरू सबै सत्रबाट लग आउट गरियो।',
    twoFactorRequired: `आफ्नो अथेन्टिकेटर एपमा देखिएको ${LIMITS.otpLength} अङ्कको कोड लेख्नुहोस्।`,
    twoFactorCodeWrong: 'त्यो कोड मिलेन। फेरि प्रयास गर्नुहोस्।',
    twoFactorExpired: 'साइन इन गर्न धेरै समय लाग्यो। फेरि पासवर्ड लेख्नुहोस्।',
    twoFactorTooManyCodes: 'यो खातामा धेरै पटक गलत कोड हालियो। 15 मिनेट पर्खेर फेरि साइन इन गर्नुहोस्।',
    twoFactorNotStarted: 'सेटअप फेरि सुरु गर्नुहोस्।',
    twoFactorEnabled: 'दुई-चरण साइन इन सक्रिय भयो।',
    twoFactorDisabled: 'दुई-चरण साइन इन निष्क्रिय भयो।',
    twoFactorAlreadyOn: 'दुई-चरण साइन इन पहिल्यै सक्रिय छ।',
    passwordWrong: 'पासवर्ड मिलेन।',
    passwordNeeded: 'पहिले सुरक्षा सेटिङमा पासवर्ड राख्नुहोस्।',
    accountDeleted: 'तपाईंको खाता मेटाइयो।',
    deletedUser: 'मेटाइएको प्रयोगकर्ता',
  },

  SignupMessages: {
    closed: 'अहिले साइन अप बन्द छ।',
    inviteRequired: 'निमन्त्रणा पाएकाहरू मात्र सामेल हुन सक्नुहुन्छ। तपाईंलाई पठाइएको निमन्त्रणा कोड लेख्नुहोस्।',
    inviteInvalid: 'यो निमन्त्रणा कोड मिलेन। तपाईंलाई पठाइएको लिङ्क जाँच्नुहोस्।',
    inviteExpired: 'यो निमन्त्रणाको म्याद सकियो। निमन्त्रणा दिने व्यक्तिसँग नयाँ माग्नुहोस्।',
    inviteUsed: 'यो निमन्त्रणा पहिल्यै प्रयोग भइसकेको छ। निमन्त्रणा दिने व्यक्तिसँग नयाँ माग्नुहोस्।',
    googleInviteOnly: 'निमन्त्रणा पाएकाहरू मात्र सामेल हुन सक्नुहुन्छ। आफ्नो निमन्त्रणा लिङ्क खोलेर फारमबाट साइन अप गर्नुहोस्।',
    googleApproval: 'सामेल हुने अनुरोध गर्न फारमबाट साइन अप गर्नुहोस् र किन सामेल हुन चाहनुहुन्छ, लेख्नुहोस्।',
    whyRequired: 'तपाईं किन सामेल हुन चाहनुहुन्छ, लेख्नुहोस्।',
    whyTooLong: `बढीमा ${SIGNUP_LIMITS.whyMax} अक्षरमा लेख्नुहोस्।`,
    domainBlocked: 'यो डोमेनका इमेल ठेगानाबाट साइन अप गर्न पाइँदैन।',
    tooManySignups: (minutes: number) => `तपाईंको नेटवर्कबाट धेरै साइन अप भए। कृपया ${minutes} मिनेटपछि फेरि प्रयास गर्नुहोस्।`,
    requested: (email: string) =>
      `धन्यवाद! हामीले ${email} मा ${LIMITS.otpLength} अङ्कको कोड पठायौं। आफ्नो इमेल प्रमाणित गर्नुहोस्; त्यसपछि एडमिनले तपाईंको सामेल हुने अनुरोध हेर्नुहुनेछ।`,
    awaitingApproval: 'तपाईंको सामेल हुने अनुरोध स्वीकृतिको पर्खाइमा छ।',
    rejected: 'तपाईंको सामेल हुने अनुरोध स्वीकृत भएन।',
    botCheckMissing: 'कृपया तपाईं रोबोट होइन भन्ने जाँच पूरा गर्नुहोस्।',
    botCheckFailed: 'तपाईं रोबोट होइन भन्ने जाँच पास भएन। फेरि प्रयास गर्नुहोस्।',
    botCheckExpired: 'तपाईं रोबोट होइन भन्ने जाँचको म्याद सकियो। फेरि प्रयास गर्नुहोस्।',
    invitesOff: 'निमन्त्रणाबाट मात्र सामेल हुन पाइने बेलामा मात्र निमन्त्रणा चल्छ।',
    inviteLimit: (n: number) =>
      `तपाईंसँग एकैपटक ${n} वटासम्म प्रयोग नभएका निमन्त्रणा हुन सक्छन्। एउटा रद्द गर्नुहोस् वा कुनै प्रयोग नभएसम्म पर्खनुहोस्।`,
    inviteCreated: 'निमन्त्रणा बन्यो। जसलाई निमन्त्रणा दिँदै हुनुहुन्छ, उहाँलाई यसको लिङ्क सेयर गर्नुहोस्।',
    inviteRevoked: 'निमन्त्रणा रद्द गरियो।',
    inviteNotFound: 'त्यो निमन्त्रणा अब छैन।',
    inviteAlreadyUsed: 'यो निमन्त्रणा प्रयोग भइसकेकाले रद्द गर्न मिल्दैन।',
    settingsSaved: 'साइन अप सेटिङ सेभ भयो।',
    approved: 'स्वीकृत गरियो। उहाँ अब साइन इन गर्न सक्नुहुन्छ भनी इमेल पठाइयो।',
    rejectedDone: 'अनुरोध अस्वीकार गरियो।',
    requestGone: 'त्यो अनुरोध अब छैन।',
    domainInvalid: (domain: string) => `"${domain}" डोमेन नाम होइन।`,
    tooManyDomains: `बढीमा ${SIGNUP_LIMITS.blockedDomainsMax} वटा डोमेन ब्लक गर्न सकिन्छ।`,
  },

  UxMessages: {
    postTruncated: `पोस्टमा बढीमा ${LIMITS.postContentMax} अक्षर हुन सक्छन्; बाँकी भाग काटियो।`,
    newPosts: (n: number) => `${n} नयाँ पोस्ट`,
    signInToLike: 'यो पोस्ट लाइक गर्न साइन इन गर्नुहोस्',
    signIn: 'साइन इन',
  },

  ServerTexts: {
    appName: APP,

    auth: {
      registered: (email: string) => `खाता बन्यो। हामीले ${email} मा ${LIMITS.otpLength} अङ्कको कोड पठायौं।`,
      usernameTaken: 'यो प्रयोगकर्ता नाम अरू कसैले लिइसक्नुभएको छ।',
      verified: `तपाईंको इमेल प्रमाणित भयो। ${APP}मा स्वागत छ!`,
      codeWrong: 'त्यो कोड मिलेन। इमेल हेरेर फेरि प्रयास गर्नुहोस्।',
      codeExpired: 'यो कोडको म्याद सकियो। नयाँ कोड माग्नुहोस्।',
      codeLocked: 'धेरै पटक गलत कोड हालियो। नयाँ कोड माग्नुहोस्।',
      alreadyVerified: 'यो इमेल पहिल्यै प्रमाणित छ। कृपया साइन इन गर्नुहोस्।',
      codeResent: (email: string) => `हामीले ${email} मा नयाँ कोड पठायौं।`,
      cooldown: (seconds: number) => `अर्को कोड माग्नुअघि ${seconds} सेकेन्ड पर्खनुहोस्।`,
      badCredentials: 'इमेल वा पासवर्ड मिलेन।',
      needsVerification: (email: string) => `पहिले आफ्नो इमेल प्रमाणित गर्नुहोस्। हामीले ${email} मा कोड पठाएका छौं।`,
      welcomeBack: 'फेरि स्वागत छ!',
      resetRequested: 'त्यो इमेलको खाता छ भने हामीले पासवर्ड रिसेट गर्ने लिङ्क पठाएका छौं। लिङ्क 30 मिनेटसम्म चल्छ।',
      resetInvalid: 'यो रिसेट लिङ्क मिलेन वा यसको म्याद सकियो। नयाँ लिङ्क माग्नुहोस्।',
      resetDone: 'तपाईंको पासवर्ड परिवर्तन भयो। अब नयाँ पासवर्डले साइन इन गर्न सक्नुहुन्छ।',
      googleUnavailable: 'यहाँ Google बाट साइन इन गर्न मिल्दैन।',
      googleUnverified: 'तपाईंको Google खाताको इमेल प्रमाणित भएको छैन।',
      signedOut: 'तपाईं लग आउट हुनुभयो।',
    },

    share: {
      postTitle: (name: string) => `${name} साझामा`,
      postWithoutText: 'साझामा एउटा पोस्ट',
      signIn: 'साइन इन',
    },

    devices: {
      someBrowser: 'कुनै ब्राउजर',
      someSystem: 'अज्ञात प्रणाली',
    },

    sessions: {
      unknownBrowser: 'अज्ञात ब्राउजर',
      unknownSystem: 'अज्ञात प्रणाली',
    },

    notices: {
      likedPost: (handle: string) => `@${handle}ले तपाईंको पोस्ट लाइक गर्नुभयो`,
      likedReel: (handle: string) => `@${handle}ले तपाईंको क्लिप लाइक गर्नुभयो`,
      commentedPost: (handle: string) => `@${handle}ले तपाईंको पोस्टमा टिप्पणी गर्नुभयो`,
      commentedReel: (handle: string) => `@${handle}ले तपाईंको क्लिपमा टिप्पणी गर्नुभयो`,
      repliedPost: (handle: string) => `@${handle}ले तपाईंको टिप्पणीमा जवाफ दिनुभयो`,
      repliedReel: (handle: string) => `@${handle}ले क्लिपमा गरिएको तपाईंको टिप्पणीमा जवाफ दिनुभयो`,
      sharedPost: (handle: string) => `@${handle}ले तपाईंको पोस्ट सेयर गर्नुभयो`,
      sharedReel: (handle: string) => `@${handle}ले तपाईंको क्लिप सेयर गर्नुभयो`,
      mentionedInPost: (handle: string) => `@${handle}ले एउटा पोस्टमा तपाईंलाई उल्लेख गर्नुभयो`,
      mentionedInComment: (handle: string) => `@${handle}ले एउटा टिप्पणीमा तपाईंलाई उल्लेख गर्नुभयो`,
      newSignIn: (browser: string, os: string) =>
        `तपाईंको खातामा ${browser} (${os}) बाट नयाँ साइन इन भयो। यो तपाईं हुनुहुन्न भने पासवर्ड रिसेट गर्नुहोस्।`,
      viewDetails: 'विवरण हेर्नुहोस्',
      viewProfile: 'प्रोफाइल हेर्नुहोस्',
      answer: 'उठाउनुहोस्',
      callBack: 'फेरि कल गर्नुहोस्',
      openChat: 'च्याट खोल्नुहोस्',
      reviewOrAppeal: 'हेर्नुहोस् वा पुनरावेदन गर्नुहोस्',
      review: 'हेर्नुहोस्',
      reviewSecurity: 'सुरक्षा हेर्नुहोस्',
    },

    reportKinds: {
      post: 'पोस्ट',
      comment: 'टिप्पणी',
      reel: 'क्लिप',
      message: 'सन्देश',
      member: 'सदस्य',
      suggestion: 'सुझाव',
    },

    notifications: {
      prefsSaved: 'तपाईंको सूचना सेटिङ सेभ भयो।',
      pushServiceUnsupported: 'यो पुश सेवा चल्दैन।',
    },

    media: {
      imageTooLarge: 'यो फोटो धेरै ठूलो भएकाले तयार गर्न सकिएन।',
      imageUnreadable: 'यो फोटो पढ्न सकिएन।',
    },

    postUploads: {
      typeNotAllowed: (name: string) => `"${name}" फोटो वा चल्ने भिडियो (mp4, webm, ogg) होइन।`,
      fileTooLarge: (mb: number) => `हरेक फाइल बढीमा ${mb} MB को हुन सक्छ।`,
      totalTooLarge: (mb: number) => `एउटा पोस्टका सबै फाइल मिलाएर बढीमा ${mb} MB हुन सक्छ।`,
      tooManyFiles: (n: number) => `एउटा पोस्टमा बढीमा ${n} वटा फाइल हुन सक्छन्।`,
      empty: (name: string) => `"${name}" खाली छ।`,
    },

    moderation: {
      assigned: 'तपाईंलाई जिम्मा दिइयो।',
      noteAdded: 'नोट थपियो।',
      appealReversed: 'कारबाही फिर्ता लिइयो।',
      appealStands: 'कारबाही कायमै रहन्छ।',
      tooManyMutedWords: (max: number) => `तपाईं बढीमा ${max} वटा शब्द म्युट गर्न सक्नुहुन्छ।`,
      done: {
        dismiss: 'रिपोर्टहरू खारेज गरियो।',
        remove: 'हटाइयो। अब सदस्यहरूले "मोडरेटरले हटाएको" देख्नुहुन्छ।',
        restore: 'फिर्ता ल्याइयो।',
        sensitive: 'संवेदनशील भनी चिन्ह लगाइयो: थिच्दासम्म मिडिया धमिलो देखिन्छ।',
        notSensitive: 'संवेदनशील चिन्ह हटाइयो।',
        warn: 'चेतावनी पठाइयो।',
        limit: 'सीमित गरियो: उहाँका पोस्ट र टिप्पणी उहाँका फलोअरसम्म मात्र पुग्छन्।',
        unlimit: 'सीमा हटाइयो।',
        suspend: (days: number) => `${days} दिनका लागि निलम्बन गरियो; उहाँका सबै सत्र बन्द भए।`,
        unsuspend: 'निलम्बन हटाइयो।',
        ban: 'प्रतिबन्ध लगाइयो; उहाँका सबै सत्र बन्द भए।',
        unban: 'प्रतिबन्ध हटाइयो।',
        delete: 'खाता मेटाइयो।',
        grantRole: (role: string) => `भूमिका बदलेर ${ROLES[role] ?? role} बनाइयो।`,
      },
    },

    connection: {
      tooManyConnections: 'यो खाता वा नेटवर्कबाट धेरै जडान खुला छन्। केही ट्याब बन्द गरेर फेरि प्रयास गर्नुहोस्।',
      tooManyHandshakes: 'जडानका लागि धेरै प्रयास भए। केही बेर पर्खेर फेरि प्रयास गर्नुहोस्।',
    },

    notFound: 'भेटिएन',

    mail: {
      greeting: (name: string) => `नमस्ते ${name},`,
      signOff: 'साझामा भेटौंला,',
      team: `${APP} टोली`,
      openApp: `${APP} खोल्नुहोस्`,
      openAppAt: (link: string) => `${APP} खोल्नुहोस्: ${link}`,
      accountFooter: `कसैले ${APP}मा यो इमेल ठेगाना प्रयोग गरेकाले तपाईंलाई यो इमेल आएको हो। त्यो तपाईं हुनुहुन्न भने यो इमेल बेवास्ता गर्न सक्नुहुन्छ।`,
      notificationsFooter: 'कुन-कुन इमेल पाउने, सेटिङ → सूचनामा छान्नुहोस्।',

      verification: {
        title: 'तपाईंको प्रमाणीकरण कोड',
        subject: (code: string) => `${code} तपाईंको ${APP} प्रमाणीकरण कोड हो`,
        again:
          'कसैले भर्खरै यही ठेगानाबाट फेरि साइन अप गर्न खोज्नुभयो, तर यस ठेगानाको खाता प्रमाणीकरणको पर्खाइमा छ। त्यो तपाईं नै हो भने यो कोड प्रयोग गर्नुहोस्, अनि पहिले राखेको पासवर्डले साइन इन गर्नुहोस् (वा पासवर्ड रिसेट गर्नुहोस्)। होइन भने यो इमेल बेवास्ता गर्नुहोस्।',
        enterCode: `${APP}मा स्वागत छ! आफ्नो इमेल ठेगाना प्रमाणित गर्न यो कोड लेख्नुहोस्:`,
        enterCodeHtml: (name: string) => `नमस्ते ${name}, ${APP}मा स्वागत छ! आफ्नो इमेल ठेगाना प्रमाणित गर्न यो कोड लेख्नुहोस्:`,
        validFor: (minutes: number) => `यो कोड ${minutes} मिनेटसम्म चल्छ।`,
      },

      reset: {
        title: 'आफ्नो पासवर्ड रिसेट गर्नुहोस्',
        subject: `आफ्नो ${APP} पासवर्ड रिसेट गर्नुहोस्`,
        intro: `कसैले तपाईंको ${APP} खाताको पासवर्ड रिसेट गर्न अनुरोध गर्नुभयो। त्यो तपाईं नै हो भने नयाँ पासवर्ड राख्न यो लिङ्क खोल्नुहोस्:`,
        validFor: (minutes: number) =>
          `यो लिङ्क एक पटक, ${minutes} मिनेटसम्म मात्र चल्छ। तपाईंले अनुरोध गर्नुभएको होइन भने यो इमेल बेवास्ता गर्नुहोस्: तपाईंको पासवर्ड जस्ताको तस्तै रहन्छ।`,
        introHtml: (name: string) =>
          `नमस्ते ${name}, कसैले तपाईंको ${APP} खाताको पासवर्ड रिसेट गर्न अनुरोध गर्नुभयो। त्यो तपाईं नै हो भने नयाँ पासवर्ड राख्नुहोस्:`,
        button: 'नयाँ पासवर्ड राख्नुहोस्',
        pasteLink: (link: string) => `वा यो लिङ्क आफ्नो ब्राउजरमा टाँस्नुहोस्: ${link}`,
        validForHtml: (minutes: number) =>
          `यो एक पटक, ${minutes} मिनेटसम्म मात्र चल्छ। तपाईंले अनुरोध गर्नुभएको होइन भने यो इमेल बेवास्ता गर्नुहोस्।`,
      },

      accountExists: {
        title: 'कसैले तपाईंको ठेगानाबाट साइन अप गर्न खोज्नुभयो',
        subject: `कसैले तपाईंको ठेगानाबाट ${APP}मा साइन अप गर्न खोज्नुभयो`,
        tried: `कसैले भर्खरै यो इमेल ठेगानाबाट ${APP} खाता बनाउन खोज्नुभयो, तर तपाईंको खाता पहिल्यै छ।`,
        signInAt: (url: string) => `त्यो तपाईं नै हो भने साइन इन गर्नुहोस्: ${url}`,
        forgot: 'पासवर्ड बिर्सनुभयो? त्यो पेजमा "पासवर्ड बिर्सनुभयो?" थिच्नुहोस्।',
        notYou: 'त्यो तपाईं हुनुहुन्न भने यो इमेल बेवास्ता गर्न सक्नुहुन्छ: केही पनि परिवर्तन भएको छैन।',
        triedHtml: (name: string) =>
          `नमस्ते ${name}, कसैले भर्खरै यो इमेल ठेगानाबाट ${APP} खाता बनाउन खोज्नुभयो, तर तपाईंको खाता पहिल्यै छ।`,
        signInHtml: (link: string) => `त्यो तपाईं नै हो भने ${link} गर्नुहोस् (वा त्यहाँ "पासवर्ड बिर्सनुभयो?" थिच्नुहोस्)।`,
        signInLink: 'साइन इन',
      },

      approved: {
        title: `${APP}मा स्वागत छ`,
        subject: `अब तपाईं ${APP}मा साइन इन गर्न सक्नुहुन्छ`,
        line: `${APP}मा सामेल हुने तपाईंको अनुरोध स्वीकृत भयो। अब आफ्नो इमेल र पासवर्डले साइन इन गर्न सक्नुहुन्छ।`,
        greetingHtml: (name: string) => `नमस्ते ${name}।`,
        button: 'साइन इन गर्नुहोस्',
      },

      passwordChanged: {
        subject: `तपाईंको ${APP} पासवर्ड परिवर्तन भयो`,
        changed: `तपाईंको ${APP} खाताको पासवर्ड भर्खरै परिवर्तन भयो, र अरू सबै डिभाइसबाट लग आउट गरियो।`,
        notYou: (link: string) =>
          `यो तपाईंले गर्नुभएको होइन भने साइन इन पेजबाट तुरुन्तै पासवर्ड रिसेट गर्नुहोस्, अनि ${link} मा आफ्ना सत्रहरू हेर्नुहोस्।`,
        greetingHtml: 'नमस्ते,',
      },

      notification: {
        subject: (message: string) => `${APP}: ${message}`,
      },

      digest: {
        subject: (count: number) => `${APP}मा तपाईंको दिन: ${count} नयाँ सूचना`,
        intro: `तपाईंको पछिल्लो सारांशपछि ${APP}मा यस्तो भयो:`,
        introHtml: (name: string) => `नमस्ते ${name}, तपाईंको पछिल्लो सारांशपछि यस्तो भयो:`,
      },

      rollup: {
        subject: (count: number) => `${APP}: ${count} नयाँ सूचना`,
        intro: 'तपाईं साझामा नहुँदा यस्तो भयो:',
        introHtml: (name: string) => `नमस्ते ${name}, तपाईं साझामा नहुँदा यस्तो भयो:`,
      },
    },
  },
};
