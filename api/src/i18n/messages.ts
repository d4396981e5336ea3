/**
 * Every message the API answers, in fr and ar (en is the source text). The client sends
 * `accept-language` from the chosen language (spec section 7), and the person reading a field
 * message or a toast reads it in that language. A test fails when a message of the API or of the
 * contracts has no entry here.
 */
export type Lang = 'en' | 'fr' | 'ar';
type Entry = { fr: string; ar: string };

export const MESSAGES: Record<string, Entry> = {
  // Sign-in and session
  'Invalid email or password': { fr: 'E-mail ou mot de passe incorrect', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  'Login successfully, Welcome Back': { fr: 'Connexion réussie, bon retour', ar: 'تم تسجيل الدخول بنجاح، مرحبًا بعودتك' },
  'Logged out successfully': { fr: 'Déconnexion réussie', ar: 'تم تسجيل الخروج بنجاح' },
  'Send the refresh token to sign out': { fr: 'Envoyez le jeton de rafraîchissement pour vous déconnecter', ar: 'أرسل رمز التحديث لتسجيل الخروج' },
  'Authentication required': { fr: 'Authentification requise', ar: 'يلزم تسجيل الدخول' },
  'Invalid access token': { fr: "Jeton d'accès invalide", ar: 'رمز الوصول غير صالح' },
  'Invalid refresh token': { fr: 'Jeton de rafraîchissement invalide', ar: 'رمز التحديث غير صالح' },
  'Your session has expired': { fr: 'Votre session a expiré', ar: 'انتهت صلاحية جلستك' },
  'Your session has expired, please sign in again': {
    fr: 'Votre session a expiré, veuillez vous reconnecter',
    ar: 'انتهت صلاحية جلستك، يرجى تسجيل الدخول مجددًا',
  },
  'This session has ended, please sign in again': {
    fr: 'Cette session est terminée, veuillez vous reconnecter',
    ar: 'انتهت هذه الجلسة، يرجى تسجيل الدخول مجددًا',
  },
  'This account no longer exists': { fr: "Ce compte n'existe plus", ar: 'هذا الحساب لم يعد موجودًا' },
  'This area is reserved to administrators': { fr: 'Cet espace est réservé aux administrateurs', ar: 'هذا القسم مخصص للمسؤولين' },
  'Select a website first': { fr: "Sélectionnez d'abord un site", ar: 'اختر موقعًا أولًا' },
  'Website not found': { fr: 'Site introuvable', ar: 'الموقع غير موجود' },
  'Identity-provider sign-in is not enabled': { fr: "La connexion par fournisseur d'identité n'est pas activée", ar: 'تسجيل الدخول عبر مزوّد الهوية غير مفعّل' },
  'The identity provider did not accept this sign-in': {
    fr: "Le fournisseur d'identité a refusé cette connexion",
    ar: 'رفض مزوّد الهوية عملية تسجيل الدخول هذه',
  },
  'No Signpost account for this identity': { fr: 'Aucun compte Signpost pour cette identité', ar: 'لا يوجد حساب Signpost لهذه الهوية' },
  // Passwords
  'successfully sent': { fr: 'Envoyé avec succès', ar: 'تم الإرسال بنجاح' },
  'Password has been reset successfully': { fr: 'Le mot de passe a été réinitialisé', ar: 'تمت إعادة تعيين كلمة المرور بنجاح' },
  'Failed to reset password': { fr: 'Échec de la réinitialisation du mot de passe', ar: 'فشلت إعادة تعيين كلمة المرور' },
  'This reset link is invalid, already used or expired': {
    fr: 'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré',
    ar: 'رابط إعادة التعيين هذا غير صالح أو سبق استخدامه أو انتهت صلاحيته',
  },
  'Your passwords updated successfully': { fr: 'Votre mot de passe a été mis à jour', ar: 'تم تحديث كلمة المرور بنجاح' },
  'Current password is incorrect': { fr: 'Le mot de passe actuel est incorrect', ar: 'كلمة المرور الحالية غير صحيحة' },
  'Your password has been set, you can now sign in': {
    fr: 'Votre mot de passe est défini, vous pouvez vous connecter',
    ar: 'تم تعيين كلمة المرور، يمكنك الآن تسجيل الدخول',
  },
  // Profile and users
  'Profile updated successfully': { fr: 'Profil mis à jour', ar: 'تم تحديث الملف الشخصي' },
  'This email is already in use': { fr: 'Cet e-mail est déjà utilisé', ar: 'هذا البريد الإلكتروني مستخدم بالفعل' },
  'This email is already used by another account': { fr: 'Cet e-mail est déjà utilisé par un autre compte', ar: 'هذا البريد الإلكتروني مستخدم في حساب آخر' },
  'Profile updated. We sent a link to your new email: your email changes once you follow it.': {
    fr: 'Profil mis à jour. Nous avons envoyé un lien à votre nouvel e-mail : il sera changé lorsque vous l’aurez suivi.',
    ar: 'تم تحديث الملف الشخصي. أرسلنا رابطًا إلى بريدك الإلكتروني الجديد: سيتغيّر بريدك عند فتحه.',
  },
  'Your email has been changed': { fr: 'Votre e-mail a été modifié', ar: 'تم تغيير بريدك الإلكتروني' },
  'This confirmation link is invalid or has expired': {
    fr: 'Ce lien de confirmation est invalide ou a expiré',
    ar: 'رابط التأكيد هذا غير صالح أو منتهي الصلاحية',
  },
  'Enter your current password to change your email': {
    fr: 'Saisissez votre mot de passe actuel pour changer votre e-mail',
    ar: 'أدخل كلمة المرور الحالية لتغيير بريدك الإلكتروني',
  },
  'User created successfully': { fr: 'Utilisateur créé', ar: 'تم إنشاء المستخدم بنجاح' },
  // Super-admin client accounts
  'Client account created successfully': { fr: 'Compte client créé avec succès', ar: 'تم إنشاء حساب العميل بنجاح' },
  'User updated successfully': { fr: 'Utilisateur mis à jour avec succès', ar: 'تم تحديث المستخدم بنجاح' },
  'User deleted successfully': { fr: 'Utilisateur supprimé avec succès', ar: 'تم حذف المستخدم بنجاح' },
  'User not found': { fr: 'Utilisateur introuvable', ar: 'المستخدم غير موجود' },
  'You cannot delete your own account': { fr: 'Vous ne pouvez pas supprimer votre propre compte', ar: 'لا يمكنك حذف حسابك الخاص' },
  // People-data attributes
  'Attribute created: start sending its data by adding it to your code': {
    fr: 'Attribut créé : commencez à envoyer ses données en l’ajoutant à votre code',
    ar: 'تم إنشاء السمة: ابدأ بإرسال بياناتها بإضافتها إلى شيفرتك',
  },
  'Attribute updated successfully': { fr: 'Attribut mis à jour avec succès', ar: 'تم تحديث السمة بنجاح' },
  'Attribute deleted successfully': { fr: 'Attribut supprimé avec succès', ar: 'تم حذف السمة بنجاح' },
  'Attribute not found': { fr: 'Attribut introuvable', ar: 'السمة غير موجودة' },
  'An attribute with this name already exists': { fr: 'Un attribut porte déjà ce nom', ar: 'توجد سمة بهذا الاسم بالفعل' },
  // Audiences and segments
  'Segment created successfully': { fr: 'Segment créé avec succès', ar: 'تم إنشاء الشريحة بنجاح' },
  'Segment updated successfully': { fr: 'Segment mis à jour avec succès', ar: 'تم تحديث الشريحة بنجاح' },
  'Segment deleted successfully': { fr: 'Segment supprimé avec succès', ar: 'تم حذف الشريحة بنجاح' },
  'Segment not found': { fr: 'Segment introuvable', ar: 'الشريحة غير موجودة' },
  'A segment with this name already exists': { fr: 'Un segment porte déjà ce nom', ar: 'توجد شريحة بهذا الاسم بالفعل' },
  'Please select segment': { fr: 'Veuillez choisir un segment', ar: 'يرجى اختيار شريحة' },
  'Please select attribute': { fr: 'Veuillez choisir un attribut', ar: 'يرجى اختيار سمة' },
  'Please select comparison': { fr: 'Veuillez choisir une comparaison', ar: 'يرجى اختيار المقارنة' },
  'Please enter value': { fr: 'Veuillez saisir la valeur', ar: 'يرجى إدخال القيمة' },
  'Please enter a number': { fr: 'Veuillez saisir un nombre', ar: 'يرجى إدخال رقم' },
  'Please enter a valid date': { fr: 'Veuillez saisir une date valide', ar: 'يرجى إدخال تاريخ صالح' },
  'Unknown attribute': { fr: 'Attribut inconnu', ar: 'سمة غير معروفة' },
  'This comparison does not fit the attribute type': {
    fr: "Cette comparaison ne convient pas au type de l'attribut",
    ar: 'هذه المقارنة لا تناسب نوع السمة',
  },
  'At most 4 levels of groups': { fr: 'Au plus 4 niveaux de groupes', ar: '4 مستويات من المجموعات على الأكثر' },
  'At most 50 conditions': { fr: 'Au plus 50 conditions', ar: '50 شرطًا على الأكثر' },
  'Name must be at most 64 characters': { fr: 'Le nom doit comporter au plus 64 caractères', ar: 'يجب ألا يتجاوز الاسم 64 حرفًا' },
  'Use letters, digits and underscores, starting with a letter': {
    fr: 'Utilisez des lettres, des chiffres et des tirets bas, en commençant par une lettre',
    ar: 'استخدم الحروف والأرقام والشرطات السفلية، مع البدء بحرف',
  },
  'Please select type': { fr: 'Veuillez choisir le type', ar: 'يرجى اختيار النوع' },
  'Unknown role': { fr: 'Rôle inconnu', ar: 'دور غير معروف' },
  'Role not found': { fr: 'Rôle introuvable', ar: 'الدور غير موجود' },
  'Role created successfully': { fr: 'Rôle créé avec succès', ar: 'تم إنشاء الدور بنجاح' },
  'Role updated successfully': { fr: 'Rôle mis à jour avec succès', ar: 'تم تحديث الدور بنجاح' },
  'Role deleted successfully': { fr: 'Rôle supprimé avec succès', ar: 'تم حذف الدور بنجاح' },
  'A role with this name already exists': { fr: 'Un rôle porte déjà ce nom', ar: 'يوجد دور بهذا الاسم بالفعل' },
  'Please select at least one permission': { fr: 'Veuillez sélectionner au moins une permission', ar: 'يرجى تحديد صلاحية واحدة على الأقل' },
  'Each permission may appear only once': { fr: "Chaque permission ne peut apparaître qu'une fois", ar: 'لا يمكن أن تتكرر الصلاحية' },
  'The name is too long (120 characters at most)': { fr: 'Le nom est trop long (120 caractères au plus)', ar: 'الاسم طويل جدًا (120 حرفًا على الأكثر)' },
  'This role is still held by 1 user. Remove it from that user before deleting it.': {
    fr: 'Ce rôle est encore attribué à 1 utilisateur. Retirez-le-lui avant de le supprimer.',
    ar: 'هذا الدور ما زال مسندًا إلى مستخدم واحد. أزِله عنه قبل حذفه.',
  },
  // Groups and client members
  'Group not found': { fr: 'Groupe introuvable', ar: 'المجموعة غير موجودة' },
  'Group created successfully': { fr: 'Groupe créé avec succès', ar: 'تم إنشاء المجموعة بنجاح' },
  'Group updated successfully': { fr: 'Groupe mis à jour avec succès', ar: 'تم تحديث المجموعة بنجاح' },
  'Group deleted successfully': { fr: 'Groupe supprimé avec succès', ar: 'تم حذف المجموعة بنجاح' },
  'Groups deleted successfully': { fr: 'Groupes supprimés avec succès', ar: 'تم حذف المجموعات بنجاح' },
  'A group with this name already exists': { fr: 'Un groupe porte déjà ce nom', ar: 'توجد مجموعة بهذا الاسم بالفعل' },
  'Please select at least one member': { fr: 'Veuillez sélectionner au moins un membre', ar: 'يرجى اختيار عضو واحد على الأقل' },
  'Some selected members are not people of this website': {
    fr: 'Certains membres sélectionnés ne font pas partie des personnes de ce site',
    ar: 'بعض الأعضاء المحددين ليسوا من أشخاص هذا الموقع',
  },
  'Each member may appear only once': { fr: "Chaque membre ne peut apparaître qu'une fois", ar: 'لا يمكن أن يتكرر العضو' },
  'A group holds at most 10000 members': { fr: 'Un groupe compte au plus 10000 membres', ar: 'تضم المجموعة 10000 عضو على الأكثر' },
  'Please select at least one group': { fr: 'Veuillez sélectionner au moins un groupe', ar: 'يرجى اختيار مجموعة واحدة على الأقل' },
  'At most 100 groups at a time': { fr: 'Au plus 100 groupes à la fois', ar: '100 مجموعة على الأكثر في كل مرة' },
  'The identity provider cannot be reached, try again later': {
    fr: "Le fournisseur d'identité est injoignable, réessayez plus tard",
    ar: 'تعذّر الوصول إلى مزوّد الهوية، أعد المحاولة لاحقًا',
  },
  // Invitations
  'Invitation accepted': { fr: 'Invitation acceptée', ar: 'تم قبول الدعوة' },
  'This invitation link is invalid or has expired': { fr: "Ce lien d'invitation est invalide ou a expiré", ar: 'رابط الدعوة هذا غير صالح أو منتهي الصلاحية' },
  'Invitation not found': { fr: 'Invitation introuvable', ar: 'الدعوة غير موجودة' },
  'An account already exists for this email: sign in and accept the invitation': {
    fr: "Un compte existe déjà pour cet e-mail : connectez-vous et acceptez l'invitation",
    ar: 'يوجد حساب بهذا البريد بالفعل: سجّل الدخول واقبل الدعوة',
  },
  'No account uses this email yet: choose a password from the invitation link': {
    fr: "Aucun compte n'utilise encore cet e-mail : choisissez un mot de passe depuis le lien d'invitation",
    ar: 'لا يوجد حساب بهذا البريد بعد: اختر كلمة مرور من رابط الدعوة',
  },
  'Invitation rejected': { fr: 'Invitation refusée', ar: 'تم رفض الدعوة' },
  'Invitation deleted successfully': { fr: 'Invitation supprimée avec succès', ar: 'تم حذف الدعوة بنجاح' },
  'Invitations deleted successfully': { fr: 'Invitations supprimées avec succès', ar: 'تم حذف الدعوات بنجاح' },
  'This person is already a member of your organisation': {
    fr: 'Cette personne est déjà membre de votre organisation',
    ar: 'هذا الشخص عضو في مؤسستك بالفعل',
  },
  'Please select a role': { fr: 'Veuillez choisir un rôle', ar: 'يرجى اختيار دور' },
  'Unknown invitation': { fr: 'Invitation inconnue', ar: 'دعوة غير معروفة' },
  'Please select at least one invitation': { fr: 'Veuillez sélectionner au moins une invitation', ar: 'يرجى تحديد دعوة واحدة على الأقل' },
  'This account already belongs to another organisation': {
    fr: 'Ce compte appartient déjà à une autre organisation',
    ar: 'هذا الحساب ينتمي بالفعل إلى مؤسسة أخرى',
  },
  // Websites, tags, workspaces
  'Website created successfully': { fr: 'Site ajouté avec succès', ar: 'تمت إضافة الموقع بنجاح' },
  'Website already exists': { fr: 'Ce site existe déjà', ar: 'الموقع موجود بالفعل' },
  'Website deleted successfully': { fr: 'Site supprimé avec succès', ar: 'تم حذف الموقع بنجاح' },
  'An organisation needs at least one website: add another website before deleting this one': {
    fr: 'Une organisation doit garder au moins un site : ajoutez-en un autre avant de supprimer celui-ci',
    ar: 'يجب أن تحتفظ المؤسسة بموقع واحد على الأقل: أضف موقعًا آخر قبل حذف هذا الموقع',
  },
  'Unknown website': { fr: 'Site inconnu', ar: 'موقع غير معروف' },
  'Please select at least one website': { fr: 'Veuillez sélectionner au moins un site', ar: 'يرجى اختيار موقع واحد على الأقل' },
  'Please enter domain': { fr: 'Veuillez saisir le domaine', ar: 'يرجى إدخال النطاق' },
  'Enter a domain such as shop.example.com': { fr: 'Saisissez un domaine tel que shop.example.com', ar: 'أدخل نطاقًا مثل shop.example.com' },
  'Name must be at most 120 characters': { fr: 'Le nom doit comporter au plus 120 caractères', ar: 'يجب ألا يتجاوز الاسم 120 حرفًا' },
  'Name must be at most 60 characters': { fr: 'Le nom doit comporter au plus 60 caractères', ar: 'يجب ألا يتجاوز الاسم 60 حرفًا' },
  'Tag created successfully': { fr: 'Étiquette créée avec succès', ar: 'تم إنشاء الوسم بنجاح' },
  'Tag already exists': { fr: 'Cette étiquette existe déjà', ar: 'الوسم موجود بالفعل' },
  'A tag with this name already exists on this website': { fr: 'Une étiquette porte déjà ce nom sur ce site', ar: 'يوجد وسم بهذا الاسم على هذا الموقع' },
  'Tag not found': { fr: 'Étiquette introuvable', ar: 'الوسم غير موجود' },
  'Tag deleted successfully': { fr: 'Étiquette supprimée avec succès', ar: 'تم حذف الوسم بنجاح' },
  'Please enter color': { fr: 'Veuillez saisir la couleur', ar: 'يرجى إدخال اللون' },
  'Color must look like #1677ff': { fr: 'La couleur doit ressembler à #1677ff', ar: 'يجب أن يكون اللون مثل ‎#1677ff' },
  'Workspace created successfully': { fr: 'Espace de travail créé avec succès', ar: 'تم إنشاء مساحة العمل بنجاح' },
  'Workspace already exists': { fr: 'Cet espace de travail existe déjà', ar: 'مساحة العمل موجودة بالفعل' },
  'A workspace with this name already exists on this website': {
    fr: 'Un espace de travail porte déjà ce nom sur ce site',
    ar: 'توجد مساحة عمل بهذا الاسم على هذا الموقع',
  },
  'Workspace not found': { fr: 'Espace de travail introuvable', ar: 'مساحة العمل غير موجودة' },
  'Workspace deleted successfully': { fr: 'Espace de travail supprimé avec succès', ar: 'تم حذف مساحة العمل بنجاح' },
  'Unknown service': { fr: 'Service inconnu', ar: 'خدمة غير معروفة' },
  'Please choose an icon': { fr: 'Veuillez choisir une icône', ar: 'يرجى اختيار أيقونة' },
  'Please choose a service': { fr: 'Veuillez choisir un service', ar: 'يرجى اختيار خدمة' },
  // Visitor events (public ingestion call) and statistics
  'Events recorded': { fr: 'Événements enregistrés', ar: 'تم تسجيل الأحداث' },
  'At most 100 events per batch': { fr: 'Au plus 100 événements par envoi', ar: '100 حدث كحد أقصى في كل دفعة' },
  'Send at least one event': { fr: 'Envoyez au moins un événement', ar: 'أرسل حدثًا واحدًا على الأقل' },
  'occurredAt is in the future': { fr: 'occurredAt est dans le futur', ar: 'occurredAt في المستقبل' },
  'occurredAt is older than 120 days': { fr: 'occurredAt date de plus de 120 jours', ar: 'occurredAt أقدم من 120 يومًا' },
  'occurredAt must be an ISO date-time': { fr: 'occurredAt doit être une date-heure ISO', ar: 'يجب أن يكون occurredAt تاريخًا ووقتًا بصيغة ISO' },
  'Unknown content for this website': { fr: 'Contenu inconnu pour ce site', ar: 'محتوى غير معروف لهذا الموقع' },
  'This event does not apply to this kind of content': {
    fr: "Cet événement ne s'applique pas à ce type de contenu",
    ar: 'هذا الحدث لا ينطبق على هذا النوع من المحتوى',
  },
  'Some events refer to content this website does not have': {
    fr: "Certains événements portent sur un contenu que ce site n'a pas",
    ar: 'بعض الأحداث تشير إلى محتوى غير موجود في هذا الموقع',
  },
  'Too many events from this address, slow down and retry later': {
    fr: 'Trop d’événements depuis cette adresse, ralentissez et réessayez plus tard',
    ar: 'أحداث كثيرة جدًا من هذا العنوان، أبطئ وأعد المحاولة لاحقًا',
  },
  'Unknown website key': { fr: 'Clé de site inconnue', ar: 'مفتاح موقع غير معروف' },
  'Unknown event type': { fr: "Type d'événement inconnu", ar: 'نوع حدث غير معروف' },
  'Please enter events': { fr: 'Veuillez envoyer des événements', ar: 'يرجى إرسال الأحداث' },
  'Please enter visitorId': { fr: 'Veuillez saisir visitorId', ar: 'يرجى إدخال visitorId' },
  'visitorId must be at most 128 characters': { fr: 'visitorId doit comporter au plus 128 caractères', ar: 'يجب ألا يتجاوز visitorId ‏128 حرفًا' },
  'Please enter contentId': { fr: 'Veuillez saisir contentId', ar: 'يرجى إدخال contentId' },
  'device must be web or mobile': { fr: 'device doit valoir web ou mobile', ar: 'يجب أن يكون device إما web أو mobile' },
  'Please enter emoji': { fr: 'Veuillez saisir un emoji', ar: 'يرجى إدخال رمز تعبيري' },
  'emoji must be at most 16 characters': { fr: "L'emoji doit comporter au plus 16 caractères", ar: 'يجب ألا يتجاوز الرمز التعبيري 16 حرفًا' },
  'Please enter body': { fr: 'Veuillez saisir le commentaire', ar: 'يرجى إدخال نص التعليق' },
  'A comment must be at most 2000 characters': { fr: 'Un commentaire doit comporter au plus 2000 caractères', ar: 'يجب ألا يتجاوز التعليق 2000 حرف' },
  'Please enter blockId': { fr: 'Veuillez saisir blockId', ar: 'يرجى إدخال blockId' },
  'A question must be at most 500 characters': { fr: 'Une question doit comporter au plus 500 caractères', ar: 'يجب ألا يتجاوز السؤال 500 حرف' },
  'An answer must be at most 2000 characters': { fr: 'Une réponse doit comporter au plus 2000 caractères', ar: 'يجب ألا تتجاوز الإجابة 2000 حرف' },
  'Please enter answers': { fr: 'Veuillez saisir les réponses', ar: 'يرجى إدخال الإجابات' },
  'Please enter startDate': { fr: 'Veuillez saisir la date de début', ar: 'يرجى إدخال تاريخ البداية' },
  'Please enter endDate': { fr: 'Veuillez saisir la date de fin', ar: 'يرجى إدخال تاريخ النهاية' },
  'startDate must be an ISO date-time': { fr: 'startDate doit être une date-heure ISO', ar: 'يجب أن يكون startDate تاريخًا ووقتًا بصيغة ISO' },
  'endDate must be an ISO date-time': { fr: 'endDate doit être une date-heure ISO', ar: 'يجب أن يكون endDate تاريخًا ووقتًا بصيغة ISO' },
  'startDate must be before endDate': { fr: 'startDate doit précéder endDate', ar: 'يجب أن يسبق startDate تاريخ endDate' },
  'The range must be at most 366 days': { fr: 'La période doit couvrir au plus 366 jours', ar: 'يجب ألا تتجاوز الفترة 366 يومًا' },
  'Unknown time zone': { fr: 'Fuseau horaire inconnu', ar: 'منطقة زمنية غير معروفة' },
  // Campaigns: popups, banners, push notifications, upload, export (issue 5)
  'Popup not found': { fr: 'Popup introuvable', ar: 'النافذة المنبثقة غير موجودة' },
  'Banner not found': { fr: 'Bannière introuvable', ar: 'اللافتة غير موجودة' },
  'Push notification not found': { fr: 'Notification push introuvable', ar: 'الإشعار الفوري غير موجود' },
  'Popup created successfully': { fr: 'Popup créé avec succès', ar: 'تم إنشاء النافذة المنبثقة بنجاح' },
  'Popup updated successfully': { fr: 'Popup mis à jour avec succès', ar: 'تم تحديث النافذة المنبثقة بنجاح' },
  'Popup deleted successfully': { fr: 'Popup supprimé avec succès', ar: 'تم حذف النافذة المنبثقة بنجاح' },
  'Popups deleted successfully': { fr: 'Popups supprimés avec succès', ar: 'تم حذف النوافذ المنبثقة بنجاح' },
  'Popup duplicated successfully': { fr: 'Popup dupliqué avec succès', ar: 'تم تكرار النافذة المنبثقة بنجاح' },
  'Popup cancelled successfully': { fr: 'Popup annulé avec succès', ar: 'تم إلغاء النافذة المنبثقة بنجاح' },
  'Banner created successfully': { fr: 'Bannière créée avec succès', ar: 'تم إنشاء اللافتة بنجاح' },
  'Banner updated successfully': { fr: 'Bannière mise à jour avec succès', ar: 'تم تحديث اللافتة بنجاح' },
  'Banner deleted successfully': { fr: 'Bannière supprimée avec succès', ar: 'تم حذف اللافتة بنجاح' },
  'Banners deleted successfully': { fr: 'Bannières supprimées avec succès', ar: 'تم حذف اللافتات بنجاح' },
  'Banner duplicated successfully': { fr: 'Bannière dupliquée avec succès', ar: 'تم تكرار اللافتة بنجاح' },
  'Banner cancelled successfully': { fr: 'Bannière annulée avec succès', ar: 'تم إلغاء اللافتة بنجاح' },
  'Push notification created successfully': { fr: 'Notification push créée avec succès', ar: 'تم إنشاء الإشعار الفوري بنجاح' },
  'Push notification updated successfully': { fr: 'Notification push mise à jour avec succès', ar: 'تم تحديث الإشعار الفوري بنجاح' },
  'Push notifications deleted successfully': { fr: 'Notifications push supprimées avec succès', ar: 'تم حذف الإشعارات الفورية بنجاح' },
  'Push notification duplicated successfully': { fr: 'Notification push dupliquée avec succès', ar: 'تم تكرار الإشعار الفوري بنجاح' },
  'Push notification cancelled successfully': { fr: 'Notification push annulée avec succès', ar: 'تم إلغاء الإشعار الفوري بنجاح' },
  'Error while creating popups': { fr: 'Erreur lors de la création des popups', ar: 'خطأ أثناء إنشاء النوافذ المنبثقة' },
  'Error while updating popups': { fr: 'Erreur lors de la mise à jour des popups', ar: 'خطأ أثناء تحديث النوافذ المنبثقة' },
  'error when updating popup': { fr: 'erreur lors de la mise à jour du popup', ar: 'خطأ عند تحديث النافذة المنبثقة' },
  'Error while updating banner': { fr: 'Erreur lors de la mise à jour de la bannière', ar: 'خطأ أثناء تحديث اللافتة' },
  'Error while creating push notification': { fr: 'Erreur lors de la création de la notification push', ar: 'خطأ أثناء إنشاء الإشعار الفوري' },
  'Error while updating push notification': { fr: 'Erreur lors de la mise à jour de la notification push', ar: 'خطأ أثناء تحديث الإشعار الفوري' },
  'block removed successfully': { fr: 'bloc supprimé avec succès', ar: 'تمت إزالة الكتلة بنجاح' },
  'No surveys found': { fr: 'Aucun questionnaire trouvé', ar: 'لم يتم العثور على استبيانات' },
  'Image uploaded sucessfully': { fr: 'Image téléversée avec succès', ar: 'تم رفع الصورة بنجاح' },
  'Failed to upload image': { fr: "Échec du téléversement de l'image", ar: 'فشل رفع الصورة' },
  'Only PNG, JPEG, GIF or WebP images can be uploaded': {
    fr: 'Seules les images PNG, JPEG, GIF ou WebP peuvent être téléversées',
    ar: 'يمكن رفع صور PNG أو JPEG أو GIF أو WebP فقط',
  },
  'The image is too large': { fr: "L'image est trop volumineuse", ar: 'الصورة كبيرة جدًا' },
  'Please choose an image': { fr: 'Veuillez choisir une image', ar: 'يرجى اختيار صورة' },
  'The image could not be read': { fr: "L'image n'a pas pu être lue", ar: 'تعذّرت قراءة الصورة' },
  'The image has too many pixels': { fr: "L'image comporte trop de pixels", ar: 'تحتوي الصورة على عدد كبير جدًا من البكسلات' },
  "This website's image storage is full": { fr: "L'espace de stockage d'images de ce site est plein", ar: 'مساحة تخزين الصور لهذا الموقع ممتلئة' },
  'Image not found': { fr: 'Image introuvable', ar: 'الصورة غير موجودة' },
  'Some selected groups are not groups of this website': {
    fr: 'Certains groupes choisis ne sont pas des groupes de ce site',
    ar: 'بعض المجموعات المختارة ليست من مجموعات هذا الموقع',
  },
  'Some selected audiences are not audiences of this website': {
    fr: 'Certaines audiences choisies ne sont pas des audiences de ce site',
    ar: 'بعض الجماهير المختارة ليست من جماهير هذا الموقع',
  },
  'Some selected people are not people of this website': {
    fr: 'Certaines personnes choisies ne sont pas des personnes de ce site',
    ar: 'بعض الأشخاص المختارين ليسوا من أشخاص هذا الموقع',
  },
  'This tag does not belong to this website': { fr: "Cette étiquette n'appartient pas à ce site", ar: 'هذا الوسم لا ينتمي إلى هذا الموقع' },
  'This workspace does not belong to this website': { fr: "Cet espace de travail n'appartient pas à ce site", ar: 'مساحة العمل هذه لا تنتمي إلى هذا الموقع' },
  'Please select at least one audience': { fr: 'Veuillez choisir au moins une audience', ar: 'يرجى اختيار جمهور واحد على الأقل' },
  'At most 100 at a time': { fr: 'Au plus 100 à la fois', ar: '100 كحد أقصى في كل مرة' },
  'Each item may appear only once': { fr: 'Chaque élément ne peut figurer qu’une fois', ar: 'يمكن أن يظهر كل عنصر مرة واحدة فقط' },
  'Please enter a valid URL (http:// or https://)': {
    fr: 'Veuillez saisir une URL valide (http:// ou https://)',
    ar: 'يرجى إدخال رابط صالح (http:// أو https://)',
  },
  'The address is too long': { fr: "L'adresse est trop longue", ar: 'العنوان طويل جدًا' },
  'Please enter title': { fr: 'Veuillez saisir le titre', ar: 'يرجى إدخال العنوان' },
  'The title is too long (200 characters at most)': { fr: 'Le titre est trop long (200 caractères au plus)', ar: 'العنوان طويل جدًا (200 حرف كحد أقصى)' },
  'The title is too long (120 characters at most)': { fr: 'Le titre est trop long (120 caractères au plus)', ar: 'العنوان طويل جدًا (120 حرفًا كحد أقصى)' },
  'Please enter label': { fr: "Veuillez saisir l'intitulé", ar: 'يرجى إدخال التسمية' },
  'The label is too long (80 characters at most)': { fr: "L'intitulé est trop long (80 caractères au plus)", ar: 'التسمية طويلة جدًا (80 حرفًا كحد أقصى)' },
  'Please enter question': { fr: 'Veuillez saisir la question', ar: 'يرجى إدخال السؤال' },
  'The question is too long (300 characters at most)': { fr: 'La question est trop longue (300 caractères au plus)', ar: 'السؤال طويل جدًا (300 حرف كحد أقصى)' },
  'Please enter url text': { fr: 'Veuillez saisir le texte du lien', ar: 'يرجى إدخال نص الرابط' },
  'The url text is too long (80 characters at most)': {
    fr: 'Le texte du lien est trop long (80 caractères au plus)',
    ar: 'نص الرابط طويل جدًا (80 حرفًا كحد أقصى)',
  },
  'Please enter url': { fr: 'Veuillez saisir le lien', ar: 'يرجى إدخال الرابط' },
  'Please enter push notification title': { fr: 'Veuillez saisir le titre de la notification push', ar: 'يرجى إدخال عنوان الإشعار الفوري' },
  'The push notification title is too long (200 characters at most)': {
    fr: 'Le titre de la notification push est trop long (200 caractères au plus)',
    ar: 'عنوان الإشعار الفوري طويل جدًا (200 حرف كحد أقصى)',
  },
  'The body is too long (500 characters at most)': { fr: 'Le texte est trop long (500 caractères au plus)', ar: 'النص طويل جدًا (500 حرف كحد أقصى)' },
  'Please enter content': { fr: 'Veuillez saisir le contenu', ar: 'يرجى إدخال المحتوى' },
  'The content is too long (5000 characters at most)': { fr: 'Le contenu est trop long (5000 caractères au plus)', ar: 'المحتوى طويل جدًا (5000 حرف كحد أقصى)' },
  'The text is too long (5000 characters at most)': { fr: 'Le texte est trop long (5000 caractères au plus)', ar: 'النص طويل جدًا (5000 حرف كحد أقصى)' },
  'Please upload an image': { fr: 'Veuillez téléverser une image', ar: 'يرجى رفع صورة' },
  'Please enter option': { fr: 'Veuillez saisir le choix', ar: 'يرجى إدخال الخيار' },
  'At most 20 options': { fr: 'Au plus 20 choix', ar: '20 خيارًا كحد أقصى' },
  'Please enter at least 2 options': { fr: 'Veuillez saisir au moins 2 choix', ar: 'يرجى إدخال خيارين على الأقل' },
  'A popup has at most 5 content pages': { fr: 'Un popup a au plus 5 pages de contenu', ar: 'تحتوي النافذة المنبثقة على 5 صفحات محتوى كحد أقصى' },
  'At least 1 page must remain': { fr: 'Au moins 1 page doit rester', ar: 'يجب أن تبقى صفحة واحدة على الأقل' },
  'A page needs at least 1 block': { fr: 'Une page doit contenir au moins 1 bloc', ar: 'يجب أن تحتوي الصفحة على كتلة واحدة على الأقل' },
  'A page has at most 20 blocks': { fr: 'Une page contient au plus 20 blocs', ar: 'تحتوي الصفحة على 20 كتلة كحد أقصى' },
  'Display time must be between 1 and 60 seconds': {
    fr: "La durée d'affichage doit être comprise entre 1 et 60 secondes",
    ar: 'يجب أن تكون مدة العرض بين 1 و60 ثانية',
  },
  'Display time goes by steps of 1 second': { fr: "La durée d'affichage va par pas de 1 seconde", ar: 'تتغير مدة العرض بخطوات من ثانية واحدة' },
  'Font size must be between 8 and 72': { fr: 'La taille de police doit être comprise entre 8 et 72', ar: 'يجب أن يكون حجم الخط بين 8 و72' },
  'Please choose at least one emoji': { fr: 'Veuillez choisir au moins un emoji', ar: 'يرجى اختيار رمز تعبيري واحد على الأقل' },
  'Please choose at least one reaction': { fr: 'Veuillez choisir au moins une réaction', ar: 'يرجى اختيار تفاعل واحد على الأقل' },
  'At most 365 days': { fr: 'Au plus 365 jours', ar: '365 يومًا كحد أقصى' },
  'Duration must be between 1 and 60 seconds': { fr: 'La durée doit être comprise entre 1 et 60 secondes', ar: 'يجب أن تكون المدة بين 1 و60 ثانية' },
  'Please select at least one item': { fr: 'Veuillez choisir au moins un élément', ar: 'يرجى اختيار عنصر واحد على الأقل' },
  'At most 100 items at a time': { fr: 'Au plus 100 éléments à la fois', ar: '100 عنصر كحد أقصى في كل مرة' },
  'Please enter titleOfPopup': { fr: 'Veuillez saisir le titre du popup', ar: 'يرجى إدخال عنوان النافذة المنبثقة' },
  'Please enter titleOfBanner': { fr: 'Veuillez saisir le titre de la bannière', ar: 'يرجى إدخال عنوان اللافتة' },
  // Validation and generic
  'Validation failed': { fr: 'Validation échouée', ar: 'فشل التحقق' },
  'This text contains characters that cannot be stored': {
    fr: 'Ce texte contient des caractères qui ne peuvent pas être enregistrés',
    ar: 'يحتوي هذا النص على أحرف لا يمكن حفظها',
  },
  'This value is nested too deeply': { fr: 'Cette valeur est trop imbriquée', ar: 'هذه القيمة متداخلة بعمق زائد' },
  'The request body is not valid JSON': { fr: "Le corps de la requête n'est pas un JSON valide", ar: 'نص الطلب ليس JSON صالحًا' },
  'The request body is too large': { fr: 'Le corps de la requête est trop volumineux', ar: 'نص الطلب كبير جدًا' },
  'This content type is not accepted': { fr: "Ce type de contenu n'est pas accepté", ar: 'نوع المحتوى هذا غير مقبول' },
  'The request could not be read': { fr: 'La requête est illisible', ar: 'تعذرت قراءة الطلب' },
  'Not found': { fr: 'Introuvable', ar: 'غير موجود' },
  'Please check the highlighted fields': { fr: 'Veuillez vérifier les champs signalés', ar: 'يرجى التحقق من الحقول المحددة' },
  'Something went wrong': { fr: "Une erreur s'est produite", ar: 'حدث خطأ ما' },
  'Please enter email': { fr: "Veuillez saisir l'e-mail", ar: 'يرجى إدخال البريد الإلكتروني' },
  'Please enter a valid email': { fr: 'Veuillez saisir une adresse e-mail valide', ar: 'يرجى إدخال بريد إلكتروني صالح' },
  'Please enter password': { fr: 'Veuillez saisir le mot de passe', ar: 'يرجى إدخال كلمة المرور' },
  'Please enter confirmPassword': { fr: 'Veuillez confirmer le mot de passe', ar: 'يرجى تأكيد كلمة المرور' },
  'Please enter current password': { fr: 'Veuillez saisir le mot de passe actuel', ar: 'يرجى إدخال كلمة المرور الحالية' },
  'Please enter name': { fr: 'Veuillez saisir le nom', ar: 'يرجى إدخال الاسم' },
  'Please enter token': { fr: 'Veuillez saisir le jeton', ar: 'يرجى إدخال الرمز' },
  'Please select at least one role': { fr: 'Veuillez choisir au moins un rôle', ar: 'يرجى اختيار دور واحد على الأقل' },
  'Password must be at least 8 characters': { fr: 'Le mot de passe doit comporter au moins 8 caractères', ar: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل' },
  'Password must be at most 128 characters': { fr: 'Le mot de passe doit comporter au plus 128 caractères', ar: 'يجب ألا تتجاوز كلمة المرور 128 حرفًا' },
  'Passwords do not match': { fr: 'Les mots de passe ne correspondent pas', ar: 'كلمتا المرور غير متطابقتين' },
};

/** Messages with a value in them: matched by pattern, the value carried over. */
const PATTERNS: { pattern: RegExp; fr: (m: RegExpMatchArray) => string; ar: (m: RegExpMatchArray) => string }[] = [
  {
    pattern: /^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/,
    fr: (m) => `Trop de tentatives de connexion échouées. Réessayez dans ${m[1]} minute${m[1] === '1' ? '' : 's'}.`,
    ar: (m) => `محاولات تسجيل دخول فاشلة كثيرة. أعد المحاولة بعد ${m[1]} دقيقة.`,
  },
  {
    pattern: /^This role is still held by (\d+) users\. Remove it from them before deleting it\.$/,
    fr: (m) => `Ce rôle est encore attribué à ${m[1]} utilisateurs. Retirez-le-leur avant de le supprimer.`,
    ar: (m) => `هذا الدور ما زال مسندًا إلى ${m[1]} مستخدمين. أزِله عنهم قبل حذفه.`,
  },
  {
    pattern: /^This attribute is used by saved audiences: (.+)$/,
    fr: (m) => `Cet attribut est utilisé par des audiences enregistrées : ${m[1]}`,
    ar: (m) => `هذه السمة مستخدمة في جماهير محفوظة: ${m[1]}`,
  },
  {
    pattern: /^You cannot grant permissions you do not hold: (.+)$/,
    fr: (m) => `Vous ne pouvez pas accorder des permissions que vous n’avez pas : ${m[1]}`,
    ar: (m) => `لا يمكنك منح صلاحيات لا تملكها: ${m[1]}`,
  },
  {
    pattern: /^You cannot change a role that holds permissions you do not hold: (.+)$/,
    fr: (m) => `Vous ne pouvez pas modifier un rôle qui détient des permissions que vous n’avez pas : ${m[1]}`,
    ar: (m) => `لا يمكنك تعديل دور يملك صلاحيات لا تملكها: ${m[1]}`,
  },
  {
    pattern: /^Unknown permission: (.+)$/,
    fr: (m) => `Permission inconnue : ${m[1]}`,
    ar: (m) => `صلاحية غير معروفة: ${m[1]}`,
  },
];

export function languageOf(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
  return first === 'fr' || first === 'ar' ? first : 'en';
}

/** The message in `lang`; a message without a translation stays as written. */
export function translateMessage(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  const entry = MESSAGES[message];
  if (entry) return entry[lang];
  for (const p of PATTERNS) {
    const m = message.match(p.pattern);
    if (m) return p[lang](m);
  }
  return message;
}

export function hasTranslation(message: string): boolean {
  return message in MESSAGES || PATTERNS.some((p) => p.pattern.test(message));
}
