/**
 * The demo's questions and answers (decision 036): what customers of this trade ask before they
 * call, answered as the business would. No price is stated (the quote follows the visit); the
 * guarantee matches the demo proof's. `city` (a demo city's slug) or `product` (the index of a demo
 * product in DEMO_PRODUCTS) ties a question to that page; neither = a general question on /faq.
 */
export interface DemoFaq {
  questionAr: string;
  answerAr: string;
  questionEn: string;
  answerEn: string;
  city?: string;
  product?: number;
}

export const DEMO_FAQS: DemoFaq[] = [
  {
    questionAr: 'هل يؤذي الشوك أو الشبك الحمام؟',
    answerAr:
      'لا. الشوك أطرافه غير حادة، وهو يمنع الطائر من الوقوف على الحافة فقط فيذهب إلى مكان آخر دون أن يُجرح. والشبك يغلق المكان أمامه دون أن يحبسه. لا نستخدم سمومًا ولا مواد لاصقة تؤذي الطيور.',
    questionEn: 'Do the spikes or nets hurt the pigeons?',
    answerEn:
      'No. The spike tips are blunt: they only stop a bird from landing on the ledge, so it goes elsewhere unhurt. Netting closes a space to birds without trapping them. We use no poison and no sticky gels that harm birds.',
  },
  {
    questionAr: 'كم يستغرق التركيب؟',
    answerAr:
      'معظم المنازل والفلل تُنجز في يوم واحد. المباني الكبيرة والأبراج والمستودعات قد تحتاج من يومين إلى أسبوع بحسب الارتفاع وطول الحواف، ونحدد المدة مكتوبة في عرض السعر بعد المعاينة.',
    questionEn: 'How long does installation take?',
    answerEn:
      'Most homes and villas are done in a single day. Large buildings, towers and warehouses can take from two days to a week depending on the height and the length of the ledges; the quote states the time in writing after the site visit.',
  },
  {
    questionAr: 'ما الضمان الذي تقدمونه؟',
    answerAr:
      'نعطي ضمانًا مكتوبًا يصل إلى خمس سنوات على المواد والتركيب، ومدته مذكورة في عرض السعر لكل نوع. إذا عاد الحمام إلى مكان ركبنا فيه نعود ونعالجه دون تكلفة خلال مدة الضمان.',
    questionEn: 'What guarantee do you give?',
    answerEn:
      'A written guarantee of up to five years on materials and installation; the quote states the period for each product. If pigeons come back to a place we protected, we return and fix it at no cost during the guarantee.',
  },
  {
    questionAr: 'كيف يُحسب السعر؟',
    answerAr:
      'يُحسب الشوك والأسلاك بالمتر الطولي للحواف، والشبك بالمتر المربع للمساحة التي يغلقها، ويضاف إليه ما يلزم من تنظيف أو معدات للمرتفعات. نزور الموقع ونقيسه مجانًا ثم نرسل عرض سعر مكتوبًا مفصلًا قبل أي عمل.',
    questionEn: 'How is the price worked out?',
    answerEn:
      'Spikes and wires are priced per running metre of ledge, netting per square metre of the area it closes, plus any cleaning or access equipment for height. We visit and measure free of charge, then send a detailed written quote before any work.',
  },
  {
    questionAr: 'هل تنظفون فضلات الحمام قبل التركيب؟',
    answerAr:
      'نعم. نزيل الفضلات والأعشاش ونعقّم السطح قبل التركيب، لأن اللاصق والبراغي لا تثبت على سطح متسخ، ولأن الفضلات تحمل أمراضًا وتتلف الأسطح. يُذكر التنظيف في عرض السعر إذا احتاجه الموقع.',
    questionEn: 'Do you clean the droppings first?',
    answerEn:
      'Yes. We remove droppings and nests and disinfect the surface before installing, because glue and screws do not hold on a dirty surface, and droppings carry disease and damage finishes. The quote lists the cleaning when the site needs it.',
  },
  {
    questionAr: 'على أي أسطح يمكن التركيب؟',
    answerAr:
      'على الخرسانة والحجر والرخام والألمنيوم والزجاج والخشب وأسطح وحدات التكييف واللوحات الإعلانية. نختار طريقة التثبيت لكل سطح: لاصق خاص لا يترك أثرًا على الواجهات، أو براغي حيث يلزم.',
    questionEn: 'Which surfaces can you install on?',
    answerEn:
      'Concrete, stone, marble, aluminium, glass, wood, the tops of AC units and signs. We choose the fixing for each surface: a special adhesive that leaves no mark on facades, or screws where needed.',
  },
  {
    questionAr: 'هل تغطون كل أحياء الرياض؟',
    answerAr:
      'نعم، نعمل في كل أحياء الرياض من الشمال إلى الجنوب، وفي المنشآت التي لا تغلق أبوابها نعمل ليلًا. أرسل لنا موقعك على واتساب ونحدد موعد المعاينة.',
    questionEn: 'Do you cover every district of Riyadh?',
    answerEn:
      'Yes, we work in every district of Riyadh from north to south, and at night where a building never closes. Send us your location on WhatsApp and we will book the site visit.',
    city: 'riyadh',
  },
  {
    questionAr: 'هل تصفرّ القاعدة الشفافة أو تتشقق في الشمس؟',
    answerAr:
      'القاعدة من البولي كربونات المعالج ضد الأشعة فوق البنفسجية، فتبقى شفافة ومتماسكة سنوات في شمس المملكة. للأسطح المكشوفة للشمس طوال اليوم أو لهواء البحر ننصح بالشوك الستانلس ستيل الكامل.',
    questionEn: 'Will the clear base yellow or crack in the sun?',
    answerEn:
      'The base is UV-treated polycarbonate, so it stays clear and sound for years in the Saudi sun. For surfaces in full sun all day or in sea air, we recommend the all-stainless-steel spikes.',
    product: 1,
  },
];
